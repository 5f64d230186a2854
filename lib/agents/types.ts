// What a policy sees and says. Policies are pure-ish: given the episode so far and the task, they
// decide the next action; the harness (playEpisode) runs it in the live session and records it.

export const POLICY_NAMES = ["gold", "scripted", "single-turn", "try-again", "react", "plan-solve", "best-of-n"] as const;
export type PolicyName = (typeof POLICY_NAMES)[number];

/** Policies that call a chat-completions endpoint. */
export const LLM_POLICIES: readonly PolicyName[] = ["single-turn", "try-again", "react", "plan-solve", "best-of-n"];

/** The task as a policy may see it. `gold` is there for the gold policy only (server side). */
export interface TaskView {
  id: number;
  environment: string;
  dataset: string;
  index: number;
  query: string;
  gold: string;
}

/** One turn the episode has had: a command that ran, or a turn the model wasted (no usable action). */
export type HistoryEntry =
  | {
      kind: "step";
      action: string;
      observation: string;
      exitCode: number | null;
      admissible: boolean | null;
      timedOut: boolean;
      thought?: string | null;
      plan?: string | null;
      /** The model's reply as it came (ReAct keeps it in the dialogue as the assistant's message). */
      reply?: string | null;
    }
  | { kind: "error"; reason: string; reply?: string | null; thought?: string | null; plan?: string | null };

/** A policy's next move: an action (maybe `submit`), or why it has none. */
export type Decision =
  | {
      action: string;
      thought?: string | null;
      plan?: string | null;
      reply?: string | null;
      /** The search that chose this action (Best-of-N: every candidate, its public-test result, score, the choice), stored with the step. */
      search?: object | null;
    }
  | {
      error: string;
      /** The episode cannot go on (the endpoint is down after retries); otherwise the turn is lost and play continues. */
      fatal?: boolean;
      reply?: string | null;
      thought?: string | null;
      plan?: string | null;
    };

export interface Policy {
  readonly name: PolicyName;
  next(history: readonly HistoryEntry[], task: TaskView): Promise<Decision>;
}

export { isInterCodeSubmit as isSubmitAction } from "../environments/isSubmit";
