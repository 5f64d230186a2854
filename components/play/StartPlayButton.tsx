/**
 * Starts a new episode of a task: a form POST (starting takes a sandbox, so never a link a page
 * elsewhere could load), with a key made for this rendering so that a double click starts one episode.
 */
export function StartPlayButton({
  taskId,
  once,
  label = "Play",
  primary = false,
  testId,
}: {
  taskId: number;
  once: string;
  label?: string;
  primary?: boolean;
  testId?: string;
}) {
  return (
    <form method="post" action={`/play/${taskId}/start`} style={{ display: "inline" }}>
      <input type="hidden" name="once" value={once} />
      <button type="submit" className={primary ? "primary" : undefined} data-testid={testId}>
        {label}
      </button>
    </form>
  );
}
