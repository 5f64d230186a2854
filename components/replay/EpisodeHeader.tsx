import Link from "next/link";
import type { EpisodeForReplay, EpisodeScore } from "@/lib/episodes/getEpisodeForReplay";
import { GoldReveal } from "@/components/tasks/GoldReveal";
import { RewardBreakdown } from "@/components/play/RewardBreakdown";
import { GoldRunView } from "@/components/play/GoldRunView";
import { RESCORED_VERSION } from "@/lib/rewards/version";
import s from "./replay.module.css";
import { formatReward, formatCount } from "@/lib/stats/formatNumber";
import { StartPlayButton } from "@/components/play/StartPlayButton";

/** The task, who played it and how it ended: the final reward in every mode with its breakdown, and the gold on request. */
/** `turns`: the turns taken as the page knows them now (spectating, more than the episode as loaded). */
export function EpisodeHeader({
  episode,
  turns,
  showGold,
  children,
}: {
  episode: EpisodeForReplay;
  turns: number;
  showGold: boolean;
  children?: React.ReactNode;
}) {
  const e = episode;
  const player =
    e.playerKind === "agent"
      ? [e.model, e.strategy].filter(Boolean).join(" · ") || e.playerName || "agent"
      : e.playerName || "human";
  return (
    <header className={s.header}>
      <div className={s.headerTask}>
        <div className={s.meta}>
          <span className="tag">{e.task.environment}</span>
          {showGold ? (
            // No prefetch: it rendered the task's page on the server (twice) while the replay was opening.
            <Link href={`/tasks/${e.task.id}`} className="muted" prefetch={false}>
              {e.task.dataset} #{e.task.index}
            </Link>
          ) : (
            <span className="muted">
              {e.task.dataset} #{e.task.index}
            </span>
          )}
          {e.task.hardness && <span className="tag">{e.task.hardness}</span>}
          {e.task.db && <span className="tag">{e.task.db}</span>}
          <span className="tag" data-testid="episode-status">
            {e.status}
          </span>
          <span className="muted">
            {e.playerKind}: {player}
          </span>
          {e.run && <span className="muted">run {e.run.name}</span>}
          <span className="muted">{e.source === "import" ? "imported" : "played live"}</span>
          {e.execution === "intercode" && (
            <span
              className="tag"
              title="each action ran as InterCode ran it: bash -c as root, no terminal, only cd carried over"
              data-testid="episode-execution"
            >
              intercode execution
            </span>
          )}
          <span className="muted" data-testid="episode-turns">
            {formatCount(turns, "turn")}
          </span>
        </div>
        <h1 className={s.query} data-testid="task-query">
          {e.task.query}
        </h1>
        <div className={`${s.meta} ${s.headerActions}`}>
          {showGold && (
            <>
              <span className="muted">Gold:</span> <GoldReveal taskId={e.task.id} />
            </>
          )}
          {/* Staff compare themselves with a logged episode: play the same task, then open the two side by side. */}
          {showGold &&
            e.status !== "active" &&
            (e.task.playable.ok ? (
              // one key per replayed episode: a double click (or a second click within a minute) opens the same new episode
              <StartPlayButton taskId={e.task.id} once={`replay-${e.id}`} label="Play this task" testId="play-this-task" />
            ) : (
              <span className="muted" data-testid="unplayable">
                cannot be played live: {e.task.playable.reason}
              </span>
            ))}
          {children}
        </div>
        {e.error && (
          <div className="error-box" style={{ marginTop: 8 }}>
            {e.error}
          </div>
        )}
      </div>
      <div className={s.scores} data-testid="scores">
        {e.scores.length === 0 && <div className="panel muted">{e.status === "active" ? "In progress" : "Not scored"}</div>}
        {e.scores.map((sc) => (
          <ScoreCard key={`${sc.mode}:${sc.version}`} score={sc} />
        ))}
      </div>
    </header>
  );
}

function ScoreCard({ score }: { score: EpisodeScore }) {
  const all =
    score.breakdown && typeof score.breakdown === "object" && !Array.isArray(score.breakdown)
      ? (score.breakdown as Record<string, unknown>)
      : {};
  // A re-scored reward (plateau rescore) says which replay it came from; the rest is the reward's own breakdown.
  const { rescore, ...breakdown } = all as { rescore?: { replayEpisodeId?: unknown } };
  const replay =
    score.version === RESCORED_VERSION && typeof rescore?.replayEpisodeId === "string" ? rescore.replayEpisodeId : null;
  return (
    <div
      className={`panel ${s.score}`}
      data-testid={`score-${score.mode}${score.version === RESCORED_VERSION ? "-rescored" : ""}`}
    >
      <div className="muted" style={{ fontSize: 12 }}>
        {score.mode} reward
        {score.version === RESCORED_VERSION && (
          <>
            , re-scored on the engine
            {replay && (
              <>
                {" "}
                (<Link href={`/episodes/${replay}`}>the replay</Link>)
              </>
            )}
          </>
        )}
      </div>
      <div className={`${s.scoreValue} ${score.success ? "ok" : ""}`}>{formatReward(score.reward)}</div>
      <div className="muted" style={{ fontSize: 12 }}>
        {score.success ? `solved${score.solvedAtTurn ? ` at turn ${score.solvedAtTurn}` : ""}` : "not solved"}
      </div>
      {/* Folded: open, it would push the terminal and its controls below the fold. */}
      {(Object.keys(breakdown).length > 0 || score.gold) && (
        <details>
          <summary className="muted" style={{ fontSize: 12, cursor: "pointer" }}>
            What made it
          </summary>
          <RewardBreakdown breakdown={breakdown} />
          {score.gold && <GoldRunView gold={score.gold} mode={score.mode} />}
        </details>
      )}
    </div>
  );
}
