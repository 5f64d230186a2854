"use client";

/** Ends this browser's session (better-auth's sign-out is a POST), then the sign-in page. */
export function SignOutButton() {
  const signOut = async () => {
    await fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }).catch(
      () => null,
    );
    window.location.assign("/sign-in");
  };
  return (
    <button onClick={signOut} data-testid="sign-out" style={{ fontSize: 12 }}>
      Sign out
    </button>
  );
}
