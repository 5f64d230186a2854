import type { PlaybackEvent } from "./playback";

/** The replay's keys: ←/→ and k/j step, space plays, Home/End jump (/ searches: the page's own). */
export const REPLAY_KEYS: Readonly<Record<string, PlaybackEvent>> = {
  ArrowLeft: { type: "prevTurn" },
  ArrowRight: { type: "nextTurn" },
  k: { type: "prevTurn" },
  j: { type: "nextTurn" },
  " ": { type: "toggle" },
  Home: { type: "first" },
  End: { type: "last" },
};
