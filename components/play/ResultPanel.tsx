import type { EpisodeResult } from "@/lib/sessions/protocol";
import { RewardBreakdown } from "./RewardBreakdown";
import { GoldRunView } from "./GoldRunView";
import { formatReward } from "@/lib/stats/formatNumber";

/** After submit: the reward in both modes, what made it, and the gold. */
export function ResultPanel({ result }: { result: EpisodeResult; episodeId: string }) {
  const plateau = result.scores.find((s) => s.mode === "plateau");
  const intercode = result.scores.find((s) => s.mode === "intercode");
  const mucode = result.scores.find((s) => s.mode === "mucode");
  return (
    <div className="panel" style={{ marginTop: 12, background: "var(--panel-2)" }} data-testid="result">
      <div className="muted" style={{ fontSize: 12 }}>
        Result: {result.status}
      </div>
      {result.error && <div className="bad">{result.error}</div>}
      {plateau && (
        <div style={{ display: "flex", gap: 18, alignItems: "baseline" }}>
          <div>
            <div className="big" data-testid="reward" style={{ color: plateau.success ? "var(--ok)" : "var(--warn)" }}>
              {formatReward(plateau.reward)}
            </div>
            <div className="muted" style={{ fontSize: 12 }}>
              reward (plateau mode)
            </div>
          </div>
          {intercode && (
            <div>
              <div style={{ fontSize: 18 }} data-testid="reward-intercode">
                {formatReward(intercode.reward)}
              </div>
              <div className="muted" style={{ fontSize: 12 }}>
                InterCode mode
              </div>
            </div>
          )}
          {mucode && (
            <div>
              <div style={{ fontSize: 18 }} data-testid="reward-mucode">
                {mucode.reward.toFixed(2)}
              </div>
              <div className="muted" style={{ fontSize: 12 }}>
                µCode (first code to pass the public tests, on the private ones)
              </div>
            </div>
          )}
          <div className={plateau.success ? "ok" : "bad"}>{plateau.success ? "solved" : "not solved"}</div>
        </div>
      )}
      {plateau && <RewardBreakdown breakdown={plateau.breakdown} />}
      {result.gold && (
        <details style={{ marginTop: 8 }} open>
          <summary className="muted">Gold command</summary>
          <pre className="mono" data-testid="result-gold">
            {result.gold}
          </pre>
          {goldRuns(result).map(({ mode, gold }) => (
            <GoldRunView key={mode} gold={gold} mode={mode} />
          ))}
        </details>
      )}
    </div>
  );
}

/** Each mode's gold run, once when both modes ran the same argv (most tasks: their golds have no double quotes). */
function goldRuns(result: EpisodeResult) {
  const runs = result.scores.flatMap((s) => (s.gold ? [{ mode: s.mode as string, gold: s.gold }] : []));
  const same = runs.length === 2 && JSON.stringify(runs[0].gold) === JSON.stringify(runs[1].gold);
  return same ? [{ mode: "both modes", gold: runs[0].gold }] : runs;
}
