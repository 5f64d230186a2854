import type { ParsedChunk } from "../marks/types";
import type { Step } from "../../episodes/step";

export interface StepSegmenterOptions {
  /** Cap on observationAnsi and on observation, in UTF-8 bytes. */
  maxObservationBytes: number;
  /** Clock for push() calls without a time (epoch milliseconds). */
  now: () => number;
}

/**
 * Why the action may not be the command line exactly: "missing" — output started (133;C) with no
 * command line mark before it (a bash without PS0); "undecoded" — its payload held an escape the
 * shell never writes, the action is the raw payload.
 */
export type ActionProblem = "missing" | "undecoded" | null;

/** A step as the segmenter cuts it from the console's stream: the stored Step's fields (lib/episodes/step.ts; exitCode from 133;D, observation capped at
 * maxObservationBytes as plain text), some known for certain here, plus its timing. */
export interface CompletedStep extends Pick<Step, "index" | "action" | "observation" | "exitCode" | "truncated" | "result"> {
  actionProblem: ActionProblem;
  /** The output between 133;C and 133;D as the terminal showed it (marks removed), capped. */
  observationAnsi: string;
  /** InterCode's valid action: exitCode === 0. */
  admissible: boolean;
  /** UTF-8 bytes of output the command produced in all (also what was cut). */
  outputBytes: number;
  /** Epoch ms of the last prompt (133;B) before the command, when the player could start typing; null if none was seen. */
  promptAt: number | null;
  /** Epoch milliseconds of the chunk with 133;C and of the chunk that ended the step. */
  startedAt: number;
  endedAt: number;
  durationMs: number;
}

export type SegmenterEvent =
  | { type: "commandStarted"; index: number; action: string; actionProblem: ActionProblem; at: number }
  | { type: "stepCompleted"; step: CompletedStep }
  /** The shell shows its prompt and waits for input (133;B). */
  | { type: "prompt"; at: number }
  /** The shell waits for the rest of a command (PS2, 633;F): the line typed so far is incomplete. */
  | { type: "continuation"; at: number };

export interface StepSegmenter {
  /** Feed the next parsed chunk (from the mark parser) received at `at` (default: now()). */
  push(parsed: ParsedChunk, at?: number): SegmenterEvent[];
  /**
   * The stream ended (the shell exited, the TTY closed): a command still running becomes a step
   * with exit code null — e.g. `exit`, whose 133;D never comes. Feed the parser's flush() first.
   */
  end(at?: number): SegmenterEvent[];
  /**
   * A command line that never ran (an agent's incomplete action, cancelled at the continuation
   * prompt) becomes a step of its own with this observation and exit code, so the turns stay counted.
   */
  reject(action: string, observation: string, exitCode: number, at?: number): SegmenterEvent[];
}
