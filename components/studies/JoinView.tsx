/** The invite page: who invites you, and the one thing to choose (a name to be known by). */
export function JoinView({
  invite,
  study,
  problem,
  error,
}: {
  invite: string;
  study: { name: string; description: string } | null;
  problem: string | null;
  error: string | null;
}) {
  return (
    <main style={{ maxWidth: 520, marginTop: 48 }}>
      {problem || !study ? (
        <>
          <h1>This link does not open a study</h1>
          <div className="error-box" data-testid="join-problem">
            {problem ?? "this invite link is not valid"}: ask the researcher who sent it for a new one.
          </div>
        </>
      ) : (
        <>
          <h1 data-testid="study-name">{study.name}</h1>
          {study.description && <p className="muted">{study.description}</p>}
          <form method="post" action="/api/studies/join" className="panel" style={{ display: "grid", gap: 10 }}>
            <input type="hidden" name="invite" value={invite} />
            <label>
              A name to be known by in this study (not your real name, if you prefer)
              <input name="pseudonym" required maxLength={40} autoFocus autoComplete="off" style={{ width: "100%" }} />
            </label>
            <button className="primary" type="submit">
              Join the study
            </button>
            {error && (
              <div className="error-box" data-testid="join-error">
                {error}
              </div>
            )}
          </form>
          <p className="muted" style={{ fontSize: 13 }}>
            No account or password: this browser stays signed in for the study. Opening this link again later brings you back to
            where you were.
          </p>
        </>
      )}
    </main>
  );
}
