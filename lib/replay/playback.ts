import type { TimelineView } from "./Timeline";

// Playback as an explicit state machine (STYLE §7): a pure transition(state, event, timeline).
// Every kind of navigation (a turn, a time, Home/End, play) ends as one position: `pos` events
// shown, at playback time `time`, in turn `turn`. The screen follows `pos` (see Player.ts).

export const SPEEDS = [0.5, 1, 2, 4, 8, 16] as const;
export const IDLE_CAPS = [null, 0.5, 1, 2, 5] as const;

export type PlaybackStatus =
  /** Waiting for the recording. */
  | "loading"
  | "paused"
  | "playing"
  /** A live episode, showing its output as it arrives. */
  | "following";

export interface PlaybackState {
  status: PlaybackStatus;
  /** Events shown on the screen. */
  pos: number;
  /** Playback seconds (idle gaps capped). */
  time: number;
  /** Selected turn, 0 (before the first) to turnCount. */
  turn: number;
  speed: number;
  /** Longest idle gap played, in seconds; null plays gaps as recorded. */
  idleCap: number | null;
}

export type PlaybackEvent =
  | { type: "loaded"; turn?: number }
  | { type: "play" }
  | { type: "pause" }
  | { type: "toggle" }
  /** Wall-clock milliseconds passed while playing. */
  | { type: "tick"; ms: number }
  | { type: "seekTime"; time: number }
  | { type: "seekTurn"; turn: number }
  | { type: "nextTurn" }
  | { type: "prevTurn" }
  | { type: "first" }
  | { type: "last" }
  | { type: "speed"; speed: number }
  | { type: "idleCap"; cap: number | null }
  /** A live episode got new events or steps. */
  | { type: "grew" }
  /** A live episode ended (the timeline is no longer live). */
  | { type: "ended" }
  | { type: "goLive" };

export function initialPlayback(opts: { speed?: number; idleCap?: number | null } = {}): PlaybackState {
  return {
    status: "loading",
    pos: 0,
    time: 0,
    turn: 0,
    speed: opts.speed ?? 1,
    idleCap: opts.idleCap === undefined ? 2 : opts.idleCap,
  };
}

export function transition(s: PlaybackState, e: PlaybackEvent, tl: TimelineView): PlaybackState {
  if (s.status === "loading") {
    if (e.type !== "loaded") return s;
    if (e.turn === undefined && tl.live) return atEnd({ ...s, status: "following" }, tl);
    return atTurn({ ...s, status: "paused" }, tl, e.turn ?? 0);
  }
  switch (e.type) {
    case "loaded":
      return s;
    case "play":
      return play(s, tl);
    case "pause":
      return s.status === "paused" ? s : { ...s, status: "paused" };
    case "toggle":
      return s.status === "paused" ? play(s, tl) : { ...s, status: "paused" };
    case "tick": {
      if (s.status !== "playing" || !(e.ms > 0)) return s;
      const end = tl.duration(s.idleCap);
      const time = Math.min(s.time + (e.ms / 1000) * s.speed, end);
      const pos = Math.max(s.pos, tl.posAt(time, s.idleCap));
      const next = { ...s, time, pos, turn: tl.turnAt(pos) };
      if (pos < tl.eventCount) return next;
      return tl.live ? atEnd({ ...next, status: "following" }, tl) : { ...next, status: "paused" };
    }
    case "seekTime": {
      const time = clamp(e.time, 0, tl.duration(s.idleCap));
      const pos = tl.posAt(time, s.idleCap);
      return { ...s, status: s.status === "following" ? "paused" : s.status, time, pos, turn: tl.turnAt(pos) };
    }
    case "seekTurn":
      return atTurn({ ...s, status: "paused" }, tl, e.turn);
    case "nextTurn": {
      // Mid-turn, "next" finishes the turn on screen; at its end, it goes on to the following one.
      // Turn 0 is only the first prompt: from there (Home), "next" is turn 1.
      const target = s.pos < tl.turnEnd(s.turn) && s.turn > 0 ? s.turn : s.turn + 1;
      return target > tl.turnCount ? s : atTurn({ ...s, status: "paused" }, tl, target);
    }
    case "prevTurn": {
      const target = s.pos > tl.turnEnd(s.turn) ? s.turn : s.turn - 1;
      return atTurn({ ...s, status: "paused" }, tl, Math.max(0, target));
    }
    case "first":
      return { ...s, status: s.status === "following" ? "paused" : s.status, pos: 0, time: 0, turn: tl.turnAt(0) };
    case "last":
      return atEnd({ ...s, status: tl.live ? "following" : "paused" }, tl);
    case "speed":
      return Number.isFinite(e.speed) ? { ...s, speed: clamp(e.speed, SPEEDS[0], SPEEDS[SPEEDS.length - 1]) } : s;
    case "idleCap": {
      const cap = e.cap !== null && e.cap > 0 ? e.cap : null;
      return { ...s, idleCap: cap, time: tl.timeAt(s.pos, cap) };
    }
    case "grew":
      return s.status === "following" ? atEnd(s, tl) : s;
    case "ended":
      return s.status === "following" ? { ...atEnd(s, tl), status: "paused" } : s;
    case "goLive":
      return tl.live ? atEnd({ ...s, status: "following" }, tl) : s;
  }
}

function play(s: PlaybackState, tl: TimelineView): PlaybackState {
  if (s.status === "playing" || s.status === "following") return s;
  if (s.pos >= tl.eventCount) {
    if (tl.live) return atEnd({ ...s, status: "following" }, tl);
    return { ...s, status: "playing", pos: 0, time: 0, turn: tl.turnAt(0) };
  }
  return { ...s, status: "playing" };
}

function atTurn(s: PlaybackState, tl: TimelineView, turn: number): PlaybackState {
  const k = clamp(Math.round(turn), 0, tl.turnCount);
  const pos = tl.turnEnd(k);
  return { ...s, turn: k, pos, time: tl.timeAt(pos, s.idleCap) };
}

function atEnd(s: PlaybackState, tl: TimelineView): PlaybackState {
  const pos = tl.eventCount;
  return { ...s, pos, time: tl.duration(s.idleCap), turn: tl.turnCount > 0 ? tl.turnAt(pos) : 0 };
}

function clamp(x: number, lo: number, hi: number): number {
  return Number.isNaN(x) ? lo : Math.min(hi, Math.max(lo, x));
}
