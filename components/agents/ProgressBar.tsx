import type { RunProgress } from "@/lib/agents/runs/protocol";

/** done / total as a bar, solved in green and errors in red; an ARIA progressbar for tests and screen readers. */
export function ProgressBar({
  p,
  compact = false,
}: {
  p: Pick<RunProgress, "done" | "total" | "succeeded" | "errors" | "status">;
  compact?: boolean;
}) {
  const pct = p.total > 0 ? Math.round((p.done / p.total) * 100) : 100;
  const part = (n: number) => `${p.total > 0 ? (n / p.total) * 100 : 0}%`;
  return (
    <div style={{ display: "flex", alignItems: "center", gap: 10, minWidth: compact ? 160 : 280 }}>
      <div
        role="progressbar"
        aria-label="Run progress"
        aria-valuemin={0}
        aria-valuemax={p.total}
        aria-valuenow={p.done}
        data-testid="run-progress"
        data-done={p.done === p.total ? "true" : "false"}
        style={{
          flex: 1,
          height: compact ? 8 : 14,
          background: "var(--panel-2)",
          border: "1px solid var(--border)",
          borderRadius: 999,
          overflow: "hidden",
          display: "flex",
        }}
      >
        <div style={{ width: part(p.succeeded), background: "var(--ok)" }} />
        <div style={{ width: part(Math.max(0, p.done - p.succeeded - p.errors)), background: "var(--accent)" }} />
        <div style={{ width: part(p.errors), background: "var(--bad)" }} />
      </div>
      <span className="mono" style={{ fontSize: 12, whiteSpace: "nowrap" }} data-testid="run-progress-text">
        {p.done}/{p.total}
        {compact ? "" : ` (${pct} %)`}
      </span>
    </div>
  );
}
