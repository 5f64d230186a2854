"use client";
import type { BestOfNView } from "@/lib/replay/bestOfNView";
import { lineDiff } from "@/lib/replay/lineDiff";
import s from "./replay.module.css";

/** A Best-of-N step's candidates beside the chosen one: each one's public-test result, score, and its diff from the chosen. */
export function BestOfNCandidates({ view }: { view: BestOfNView }) {
  const chosen = view.candidates[view.chosen]?.code ?? "";
  return (
    <div data-testid="best-of-n">
      <div className={s.label}>
        best of {view.n}, chosen by {view.rule}; the others as diffs from the chosen one
      </div>
      <div className={s.candidates}>
        {view.candidates.map((c, i) => (
          <div key={i} className={s.candidate} data-testid="candidate" data-chosen={i === view.chosen || undefined}>
            <div className={s.candidateHead}>
              <strong>#{i + 1}</strong>
              {i === view.chosen && <span className="ok">chosen, executed</span>}
              {c.tests ? (
                <span className={c.tests.passed === c.tests.total ? "ok" : "bad"}>
                  public tests {c.tests.passed}/{c.tests.total}
                </span>
              ) : (
                <span className="muted">not run</span>
              )}
              <span>score {c.score.toFixed(2)}</span>
              {c.verifierScore !== null && <span>verifier {c.verifierScore.toFixed(2)}</span>}
            </div>
            {c.code === null ? (
              <div className="muted">{c.problem ?? "no code"}</div>
            ) : i === view.chosen ? (
              <pre>{c.code}</pre>
            ) : (
              <pre>
                {lineDiff(chosen, c.code).map((l, k) => (
                  <div
                    key={k}
                    className={l.kind === "added" ? s.added : l.kind === "removed" ? s.removed : undefined}
                    data-testid={l.kind === "same" ? undefined : `diff-${l.kind}`}
                  >
                    {l.kind === "added" ? "+ " : l.kind === "removed" ? "- " : "  "}
                    {l.text}
                  </div>
                ))}
              </pre>
            )}
            {c.tests?.error && (
              <div className="bad" style={{ fontSize: 12, whiteSpace: "pre-wrap" }} data-testid="candidate-failure">
                {c.tests.error}
              </div>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
