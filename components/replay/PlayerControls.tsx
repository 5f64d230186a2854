"use client";
import { formatClock } from "@/lib/replay/formatTime";
import { IDLE_CAPS, SPEEDS, type PlaybackEvent } from "@/lib/replay/playback";
import type { Player, PlayerView } from "@/lib/replay/Player";
import s from "./replay.module.css";

/**
 * Play/pause, step, speed, idle cap, clock, and for a live episode the way back to following it.
 * Before the player is there (`player` null: the page's first paint), the same controls, disabled,
 * so nothing below them moves when it comes; the clock's length is not known yet.
 */
export function PlayerControls({
  player,
  view,
  compact = false,
  onStep,
}: {
  player: Player | null;
  view: Pick<PlayerView, "state" | "turnCount" | "live"> & { duration: number | null };
  compact?: boolean;
  onStep?: (direction: 1 | -1) => void;
}) {
  const { state, duration, turnCount, live } = view;
  const off = !player;
  const send = (e: PlaybackEvent) => player?.dispatch(e);
  // Side by side, stepping moves both episodes: the caller takes it.
  const step = (direction: 1 | -1) => (onStep ? onStep(direction) : send({ type: direction === 1 ? "nextTurn" : "prevTurn" }));
  const playing = state.status === "playing" || state.status === "following";
  return (
    <div className={s.controls} data-testid="controls">
      {!compact && (
        <button
          type="button"
          disabled={off}
          title="First (Home)"
          aria-label="Go to start"
          onClick={() => send({ type: "first" })}
        >
          |◀
        </button>
      )}
      <button type="button" disabled={off} title="Previous step (← or k)" aria-label="Previous step" onClick={() => step(-1)}>
        ‹
      </button>
      <button
        type="button"
        disabled={off}
        className="primary"
        title="Play / pause (space)"
        aria-label={playing ? "Pause" : "Play"}
        data-testid="play"
        onClick={() => send({ type: "toggle" })}
      >
        {playing ? "❚❚" : "▶"}
      </button>
      <button type="button" disabled={off} title="Next step (→ or j)" aria-label="Next step" onClick={() => step(1)}>
        ›
      </button>
      {!compact && (
        <button type="button" disabled={off} title="Last (End)" aria-label="Go to end" onClick={() => send({ type: "last" })}>
          ▶|
        </button>
      )}
      <select
        aria-label="Speed"
        disabled={off}
        value={state.speed}
        onChange={(e) => send({ type: "speed", speed: Number(e.target.value) })}
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
          disabled={off}
          title="Longest pause played"
          value={state.idleCap ?? ""}
          onChange={(e) => send({ type: "idleCap", cap: e.target.value === "" ? null : Number(e.target.value) })}
        >
          {IDLE_CAPS.map((v) => (
            <option key={v ?? "none"} value={v ?? ""}>
              {v === null ? "no idle cap" : `idle ≤ ${v} s`}
            </option>
          ))}
        </select>
      )}
      <span className={s.clock} data-testid="clock">
        {formatClock(state.time)} / {duration === null ? "…" : formatClock(duration)}
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
          <button type="button" disabled={off} onClick={() => send({ type: "goLive" })}>
            Go live
          </button>
        ))}
    </div>
  );
}
