import type { SessionState } from "./protocol";

export interface PlayStatusInput {
  /** An episode is open on the page. */
  episode: boolean;
  /** This page has the player's token (else it only watches). */
  player: boolean;
  connected: boolean;
  /** The session's status, or the result's once there is one. */
  status: SessionState["status"] | null;
}

/** The episode is over (scored, skipped or stopped): the page no longer sends keys. */
export function playEnded(status: SessionState["status"] | null): boolean {
  return status !== null && status !== "starting" && status !== "active";
}

/**
 * The label above Play's terminal: what the connection and the episode are now, so that a label
 * never says "connected" while typing goes nowhere.
 */
export function playStatusLabel(p: PlayStatusInput): string {
  if (!p.episode) return "";
  if (playEnded(p.status)) return `episode ${p.status}: the terminal no longer takes input`;
  if (!p.connected) return "connecting…";
  return p.player ? "connected" : "watching: only the player types";
}
