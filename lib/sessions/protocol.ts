// The socket.io contract of the live terminal, shared by server and browser (STYLE.md §8): event
// names and the typed event maps here (joined in lib/runtime/socketEvents.ts); browser → server
// messages are validated in messages.ts, apart, so the Play page's bundle does not carry zod.

import type { Phase } from "./sessionPhase";
import type { AttachMessage } from "./messages";
import type { EndedStatus, EpisodeStatus } from "../episodes/episodeStatus";
import type { StepSummary } from "../episodes/step";

/** What the player's page shows beside the terminal. */
export interface SessionState {
  episodeId: string;
  /** "starting": the sandbox is being readied (not stored); then the episode's stored status. */
  status: "starting" | EpisodeStatus;
  /** What the live episode is doing now (lib/sessions/sessionPhase.ts); labels follow it. */
  phase?: Phase;
  turns: number;
  turnLimit: number | null;
  startedAt: string;
  /** True while a command runs (between its start and its end). */
  busy: boolean;
  blockedReason: string | null;
  error: string | null;
  /** The database is behind: what was played is not all stored yet (the page says "saving…"). */
  saving?: boolean;
  /** With a time limit: what is left of it (ms) as of this state, and whether it is paused (player away, rule "connected"). */
  timeLeftMs?: number | null;
  timerPaused?: boolean;
}

/** The visible screen as HTML, for a page's first paint (before the terminal's scripts run). */
export interface ScreenHtml {
  /** One <div> per screen line, spans with inline colours; text HTML-escaped. */
  rows: string;
  cols: number;
  lines: number;
  cursorX: number;
  cursorY: number;
}

/** The gold command as it was run for one reward mode: what the submission was compared with. */
export interface GoldRunView {
  /** The process's argv; null when the command could not be made into one ("Malformed command"). */
  argv: string[] | null;
  output: string;
  exitCode: number | null;
  timedOut: boolean;
}

export interface ScoreView {
  /** mucode: the Python environment's µCode judgement (public tests, then private ones). */
  mode: "intercode" | "plateau" | "mucode";
  reward: number;
  success: boolean;
  version: string;
  breakdown: Record<string, unknown>;
  /** The 1-based turn the success was decided at, when the scorer knows it (mucode: the judged code's); absent: the submit's. */
  solvedAtTurn?: number | null;
  /** Environments that run a gold command (Bash) say how it ran. */
  gold?: GoldRunView | null;
}

export interface EpisodeResult {
  status: EndedStatus;
  scores: ScoreView[];
  gold: string | null;
  error: string | null;
}

export const ServerEvents = {
  output: "play:output",
  state: "play:state",
  step: "play:step",
  result: "play:result",
  error: "play:error",
  /** Serialized screen on (re)attach, written before any new output. */
  screen: "play:screen",
} as const;

export const ClientEvents = {
  attach: "play:attach",
  input: "play:input",
  resize: "play:resize",
  ack: "play:ack",
  submit: "play:submit",
  skip: "play:skip",
} as const;

/** The live terminal's server → browser events (part of lib/runtime/socketEvents.ts's ServerToClientEvents). */
export interface PlayServerToClient {
  [ServerEvents.output]: (data: string) => void;
  [ServerEvents.state]: (state: SessionState) => void;
  [ServerEvents.step]: (step: StepSummary) => void;
  [ServerEvents.result]: (result: EpisodeResult) => void;
  [ServerEvents.error]: (message: string) => void;
  /** The screen and scrollback as escape sequences (ScreenMirror.snapshot). */
  [ServerEvents.screen]: (screen: string) => void;
}

/** The live terminal's browser → server events; the server validates each payload (messages.ts). */
export interface PlayClientToServer {
  [ClientEvents.attach]: (msg: AttachMessage) => void;
  [ClientEvents.input]: (data: string) => void;
  [ClientEvents.resize]: (size: { cols: number; rows: number }) => void;
  /** Output characters the page has parsed since its last ack (flow control). */
  [ClientEvents.ack]: (chars: number) => void;
  [ClientEvents.submit]: () => void;
  [ClientEvents.skip]: () => void;
}
