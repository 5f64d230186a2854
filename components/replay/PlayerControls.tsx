"use client";
import { formatClock } from "@/lib/replay/formatTime";
import { IDLE_CAPS, SPEEDS } from "@/lib/replay/playback";
import type { Player, PlayerView } from "@/lib/replay/Player";
import s from "./replay.module.css";

/** Play/pause, step, speed, idle cap, clock, and for a live episode the way back to following it. */
export function PlayerControls({
  player,
  view,
  compact = false,
  onStep,
}: {
  player: Player;
  view: PlayerView;
  compact?: boolean;
  onStep?: (direction: 1 | -1) => void;
}) {
  const { state, duration, turnCount, live } = view;
  // Side by side, stepping moves both episodes: the caller takes it.
  const step = (direction: 1 | -1) =>
    onStep ? onStep(direction) : player.dispatch({ type: direction === 1 ? "nextTurn" : "prevTurn" });
  const playing = state.status === "playing" || state.status === "following";
  return (
    <div className={s.controls} data-testid="controls">
      {!compact && (
        <button type="button" title="First (Home)" aria-label="Go to start" onClick={() => player.dispatch({ type: "first" })}>
          |◀
        </button>
      )}
      <button type="button" title="Previous step (← or k)" aria-label="Previous step" onClick={() => step(-1)}>
        ‹
      </button>
      <button
        type="button"
        className="primary"
        title="Play / pause (space)"
        aria-label={playing ? "Pause" : "Play"}
        data-testid="play"
        onClick={() => player.dispatch({ type: "toggle" })}
      >
        {playing ? "❚❚" : "▶"}
      </button>
      <button type="button" title="Next step (→ or j)" aria-label="Next step" onClick={() => step(1)}>
        ›
      </button>
      {!compact && (
        <button type="button" title="Last (End)" aria-label="Go to end" onClick={() => player.dispatch({ type: "last" })}>
          ▶|
        </button>
      )}
      <select
        aria-label="Speed"
        value={state.speed}
        onChange={(e) => player.dispatch({ type: "speed", speed: Number(e.target.value) })}
      >
        {SPEEDS.map((v) => (
          <option key={v} value={v}>
            {v}×
          </option>
        ))}
      </select>
      {!compact && (
        <select
          aria-label="Idle cap"
          title="Longest pause played"
          value={state.idleCap ?? ""}
          onChange={(e) => player.dispatch({ type: "idleCap", cap: e.target.value === "" ? null : Number(e.target.value) })}
        >
          {IDLE_CAPS.map((v) => (
            <option key={v ?? "none"} value={v ?? ""}>
              {v === null ? "no idle cap" : `idle ≤ ${v} s`}
            </option>
          ))}
        </select>
      )}
      <span className={s.clock} data-testid="clock">
        {formatClock(state.time)} / {formatClock(duration)}
      </span>
      <span className={s.clock} data-testid="turn-indicator">
        turn {state.turn} / {turnCount}
      </span>
      <span className={s.spacer} />
      {live &&
        (state.status === "following" ? (
          <span className={s.live} data-testid="live-badge">
            LIVE
          </span>
        ) : (
          <button type="button" onClick={() => player.dispatch({ type: "goLive" })}>
            Go live
          </button>
        ))}
    </div>
  );
}
