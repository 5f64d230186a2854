import { z } from "zod";

// The socket.io contract of the live terminal, shared by server and browser (STYLE.md §8).
// Browser → server messages are validated here; server → browser payloads are typed here.

export const MAX_INPUT_CHARS = 64 * 1024;

export const AttachMessage = z.object({
  episodeId: z.string().min(1).max(64),
  /** The secret handed to whoever started the episode; without it the socket can only watch. */
  playerToken: z.string().max(128).optional(),
  cols: z.number().int().min(10).max(500),
  rows: z.number().int().min(4).max(200),
});
export type AttachMessage = z.infer<typeof AttachMessage>;

export const InputMessage = z.string().max(MAX_INPUT_CHARS);
export const ResizeMessage = z.object({ cols: z.number().int().min(10).max(500), rows: z.number().int().min(4).max(200) });
/** Flow control: the browser acknowledges output once xterm has parsed it. */
export const AckMessage = z.number().int().min(0).max(1 << 30);

/** What the player's page shows beside the terminal. */
export interface SessionState {
  episodeId: string;
  status: "starting" | "active" | "submitted" | "skipped" | "abandoned" | "interrupted" | "error";
  turns: number;
  turnLimit: number | null;
  startedAt: string;
  /** True while a command runs (between its start and its end). */
  busy: boolean;
  blockedReason: string | null;
  error: string | null;
}

export interface StepSummary {
  index: number;
  action: string;
  exitCode: number | null;
  admissible: boolean;
  durationMs: number;
  truncated: boolean;
}

export interface ScoreView {
  mode: "intercode" | "plateau";
  reward: number;
  success: boolean;
  version: string;
  breakdown: Record<string, unknown>;
}

export interface EpisodeResult {
  status: "submitted" | "skipped" | "abandoned" | "interrupted" | "error";
  scores: ScoreView[];
  gold: string | null;
  goldOutput: string | null;
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
