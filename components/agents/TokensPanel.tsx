"use client";
import { useState } from "react";
import type { ApiTokenView } from "@/lib/auth/apiTokens";

type Row = Omit<ApiTokenView, "createdAt" | "lastUsedAt"> & { createdAt: string; lastUsedAt: string | null };
const when = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 16).replace("T", " ") : "never");

/** API tokens for programs (the session API, the Python client): create (shown once), list, revoke. */
export function TokensPanel({ initial }: { initial: Row[] }) {
  const [tokens, setTokens] = useState(initial);
  const [fresh, setFresh] = useState<{ name: string; token: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function create(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const name = String(new FormData(form).get("name") ?? "");
    setError(null);
    const res = await fetch("/api/tokens", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name }),
    });
    const body = await res.json().catch(() => ({}));
    if (!res.ok) return setError(body.error ?? `the server answered ${res.status}`);
    setFresh({ name: body.name, token: body.token });
    setTokens((t) => [{ id: body.id, name: body.name, createdAt: body.createdAt, lastUsedAt: null }, ...t]);
    form.reset();
  }

  async function revoke(id: string) {
    const res = await fetch(`/api/tokens/${encodeURIComponent(id)}`, { method: "DELETE" });
    if (res.ok || res.status === 404) setTokens((t) => t.filter((x) => x.id !== id));
  }

  return (
    <section className="panel" aria-labelledby="tokens-h" data-testid="tokens-panel" style={{ marginTop: 16 }}>
      <h2 id="tokens-h" style={{ marginTop: 0 }}>
        API tokens
      </h2>
      <p className="muted" style={{ marginTop: 0, fontSize: 13 }}>
        Programs play through the session API (<a href="/api/v1/openapi.json">OpenAPI</a>) with{" "}
        <code>Authorization: Bearer &lt;token&gt;</code>. Also: <code>npx plateau token create NAME</code>.
      </p>
      <form onSubmit={create} className="toolbar">
        <input name="name" placeholder="Token name, e.g. my-agent" aria-label="Token name" required maxLength={80} />
        <button type="submit">Create token</button>
        {error && (
          <span className="bad" role="alert">
            {error}
          </span>
        )}
      </form>
      {fresh && (
        <div className="panel" style={{ background: "var(--panel-2)", marginBottom: 10 }} data-testid="new-token">
          Token <b>{fresh.name}</b> — copy it now, it is not shown again:
          <pre className="mono" style={{ userSelect: "all", marginTop: 6 }} data-testid="new-token-value">
            {fresh.token}
          </pre>
        </div>
      )}
      {tokens.length === 0 ? (
        <p className="muted">No tokens yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Name</th>
              <th>Created (UTC)</th>
              <th>Last used</th>
              <th aria-label="Token actions" />
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr key={t.id} data-testid="token-row">
                <td>{t.name}</td>
                <td className="muted">{when(t.createdAt)}</td>
                <td className="muted">{when(t.lastUsedAt)}</td>
                <td>
                  <button onClick={() => revoke(t.id)} aria-label={`Revoke ${t.name}`}>
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
