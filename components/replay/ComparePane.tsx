"use client";
import { useEffect, useRef } from "react";
import Link from "next/link";
import type { Terminal } from "@xterm/xterm";
import type { Player } from "@/lib/replay/Player";
import type { EpisodeForReplay } from "@/lib/episodes/getEpisodeForReplay";
import { isSubmitIn } from "@/lib/environments/isSubmit";
import { useReplaySession } from "./useReplaySession";
import { StepList } from "./StepList";
import { TimelineBar } from "./TimelineBar";
import { PlayerControls } from "./PlayerControls";
import type { ReplayStep } from "@/lib/replay/types";
import s from "./replay.module.css";
import { RESCORED_VERSION } from "@/lib/rewards/version";
import { formatReward, formatCount } from "@/lib/stats/formatNumber";

interface Props {
  side: "a" | "b";
  episode: EpisodeForReplay;
  /** The turn both panes show (linked navigation). */
  turn: number;
  onTurn(turn: number): void;
  onStep(direction: 1 | -1): void;
  diffTurn: number | null;
  onReady(side: "a" | "b", player: Player | null, term: Terminal | null, steps: ReplayStep[]): void;
}

/** One episode of a side-by-side view: its terminal, timeline and steps, at the turn the view shares. */
export function ComparePane({ side, episode: initial, turn, onTurn, onStep, diffTurn, onReady }: Props) {
  const box = useRef<HTMLDivElement>(null);
  // Half the width: the recording is drawn at a readable size and scrolls in its box, rather than shrunk to fit.
  const { episode, term, player, view, steps, error } = useReplaySession(initial, turn, box, { fit: "width" });

  useEffect(() => onReady(side, player, term, steps), [side, player, term, steps, onReady]);
  // Linked navigation: follow the shared turn (playback inside one pane stays its own).
  useEffect(() => {
    if (player && player.getView().state.turn !== turn) player.dispatch({ type: "seekTurn", turn });
  }, [player, turn]);

  const e = episode;
  const isSubmit = isSubmitIn(e.task.environment);
  const who =
    e.playerKind === "agent"
      ? [e.model, e.strategy].filter(Boolean).join(" · ") || e.playerName || "agent"
      : e.playerName || "human";
  return (
    <section className={s.main} data-testid={`pane-${side}`}>
      <div className={s.meta}>
        <strong>{side.toUpperCase()}</strong>
        <Link href={`/episodes/${e.id}?step=${turn}`}>
          {e.playerKind}: {who}
        </Link>
        <span className="tag">{e.status}</span>
        <span className="muted">{formatCount(steps.length, "step")}</span>
        {e.scores.map((sc) => (
          <span key={`${sc.mode}:${sc.version}`} className={sc.success ? "ok" : "muted"}>
            {sc.mode}
            {sc.version === RESCORED_VERSION ? " (re-scored)" : ""} {formatReward(sc.reward)}
          </span>
        ))}
      </div>
      <div className={`${s.termBox} ${s.paneTermBox}`}>
        <div ref={box} data-testid={`terminal-${side}`} />
        {(!player || error) && <div className={s.termOverlay}>{error ? <span className="bad">{error}</span> : "Loading…"}</div>}
      </div>
      {player && view && <TimelineBar player={player} view={view} steps={steps} isSubmit={isSubmit} />}
      {player && view && <PlayerControls player={player} view={view} compact onStep={onStep} />}
      <StepList
        steps={steps}
        turn={turn}
        onSelect={onTurn}
        diffTurn={diffTurn}
        className={s.compareList}
        testId={`steps-${side}`}
        isSubmit={isSubmit}
      />
    </section>
  );
}
