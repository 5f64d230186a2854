// The socket.io contract of batch-run progress, shared by the server, the pages and the CLI.
// A client sends `run:watch` with a run id (one run) or without (every run) and then receives
// `run:progress` snapshots: one at once, then one whenever something changes. Types and names only:
// the pages import this file, and zod would add ~100 KB to them (the server's schema is with its handlers).

export const RunEvents = {
  watch: "run:watch",
  unwatch: "run:unwatch",
  progress: "run:progress",
  error: "run:error",
} as const;

/** What `run:watch` and `run:unwatch` carry (the server checks it: registerRunHandlers' schema). */
export interface WatchMessage {
  runId?: string;
}

export const runRoom = (runId: string) => `run:${runId}`;
export const ALL_RUNS_ROOM = "runs";

export type RunStatus = "queued" | "running" | "done" | "failed" | "cancelled";

export interface RunningEpisode {
  episodeId: string;
  taskId: number;
  /** Turns taken so far. */
  turn: number;
}

export interface RunProgress {
  runId: string;
  name: string;
  status: RunStatus;
  total: number;
  /** Tasks with a finished episode (submitted, skipped or error). */
  done: number;
  /** Of those, solved (plateau-mode reward 1). */
  succeeded: number;
  /** Of those, ended as an error (recorded on the episode). */
  errors: number;
  running: RunningEpisode[];
  createdAt: string;
  finishedAt: string | null;
  /** Why the run failed as a whole (bad stored config), when it did. */
  failure: string | null;
}

/** Run progress's server → client events (part of lib/runtime/socketEvents.ts's ServerToClientEvents). */
export interface RunServerToClient {
  [RunEvents.progress]: (progress: RunProgress) => void;
  [RunEvents.error]: (message: string) => void;
}

/** Run progress's client → server events; the server validates each payload (registerRunHandlers' WatchMessage). */
export interface RunClientToServer {
  [RunEvents.watch]: (msg: WatchMessage) => void;
  [RunEvents.unwatch]: (msg: WatchMessage) => void;
}
