// How an agent's action reaches the sandbox. `terminal`: typed into the episode's live shell, as a
// person types. `intercode`: run as InterCode ran it (for Bash: a `bash -c` per action as root, no
// TTY, the working directory carried by `cd` only) by the environment's executor; the session still
// shows and records the command and its output as a watcher would see them.

export const EXECUTIONS = ["terminal", "intercode"] as const;
export type Execution = (typeof EXECUTIONS)[number];

export interface ExecutedAction {
  observation: string;
  /** null: the action never became a process (InterCode's "Malformed command"). */
  exitCode: number | null;
  timedOut: boolean;
  truncated: boolean;
  /** The structured result, as a console's 633;R gives it (SQL: the rows); absent: none. */
  result?: unknown;
  /** What the screen shows before the next action (the executor's cwd, as a prompt would). */
  prompt: string;
}

/** One episode's executor: it keeps whatever state the execution carries between actions. */
export type ActionExecutor = (action: string, timeoutMs: number) => Promise<ExecutedAction>;
