/** Starts a new episode of a task: a form POST (starting takes a sandbox, so never a link a page elsewhere could load). */
export function StartPlayButton({ taskId, label = "Play", primary = false, testId }: { taskId: number; label?: string; primary?: boolean; testId?: string }) {
  return (
    <form method="post" action={`/play/${taskId}/start`} style={{ display: "inline" }}>
      <button type="submit" className={primary ? "primary" : undefined} data-testid={testId}>{label}</button>
    </form>
  );
}
