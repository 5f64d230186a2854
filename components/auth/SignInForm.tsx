"use client";
import { useState } from "react";

/** Email and password, sent to better-auth's sign-in endpoint; on success, on to `next`. */
export function SignInForm({ next }: { next: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    const res = await fetch("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: form.get("email"), password: form.get("password") }),
    }).catch(() => null);
    setBusy(false);
    if (res?.ok) return window.location.assign(next);
    const body = (await res?.json().catch(() => null)) as { message?: string } | null;
    setError(
      res
        ? res.status === 401
          ? "wrong email or password"
          : (body?.message ?? `sign-in failed (${res.status})`)
        : "the server does not answer",
    );
  };
  return (
    <main style={{ maxWidth: 380, marginTop: 60 }}>
      <h1>Sign in to Plateau</h1>
      <form onSubmit={onSubmit} className="panel" style={{ display: "grid", gap: 10 }}>
        <label>
          Email <input name="email" type="email" autoComplete="username" required autoFocus style={{ width: "100%" }} />
        </label>
        <label>
          Password <input name="password" type="password" autoComplete="current-password" required style={{ width: "100%" }} />
        </label>
        <button className="primary" type="submit" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
        {error && (
          <div className="error-box" data-testid="sign-in-error">
            {error}
          </div>
        )}
      </form>
      <p className="muted" style={{ fontSize: 13 }}>
        No password? An admin can print you a one-time sign-in link (<code>npx plateau user link EMAIL</code>); study participants
        sign in by their invite link.
      </p>
    </main>
  );
}
