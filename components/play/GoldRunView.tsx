import type { GoldRunView as GoldRun } from "@/lib/sessions/protocol";

/** How the gold command ran for one reward mode — its argv, exit code and output: what the submission's last output was compared with. */
export function GoldRunView({ gold, mode }: { gold: GoldRun; mode: string }) {
  return (
    <details style={{ marginTop: 6 }} data-testid="gold-run">
      <summary className="muted" style={{ fontSize: 12 }}>
        Gold as run for {mode}: {gold.timedOut ? "timed out" : gold.exitCode === null ? "not run" : `exit ${gold.exitCode}`}
      </summary>
      <div className="muted" style={{ fontSize: 12 }}>
        argv
      </div>
      <pre className="mono" style={{ fontSize: 12, whiteSpace: "pre-wrap" }} data-testid="gold-argv">
        {gold.argv ? JSON.stringify(gold.argv) : "(none: the command could not be split)"}
      </pre>
      <div className="muted" style={{ fontSize: 12 }}>
        output (stdout and stderr, in order)
      </div>
      <pre className="mono" style={{ maxHeight: 200, overflow: "auto", fontSize: 12 }} data-testid="gold-output">
        {gold.output || "(empty)"}
      </pre>
    </details>
  );
}
