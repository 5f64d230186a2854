import { isSubmitAction } from "../types";
import { pythonTuples } from "./observationCause";

// A logged action as InterCode's harness handed it to the environment. Try Again, single-turn and
// Plan & Solve ran the action as logged (a Plan & Solve step in a ```BASH fence ran as written,
// backticks and all). ReAct logged the model's `execute[<code>]`: the harness ran what lies
// between `execute[` and the last `]` (multi-line too, text after the `]` dropped), and answered an
// action without that form itself, running nothing. Read from the logs: every ReAct action that
// starts `execute[` and has a `]` ran; every other one got the harness's refusal. The SQL Try Again
// and Plan & Solve harnesses refused a response without SQL code themselves too, and logged their
// answer as the observation (234 and 149 steps of the 10-turn and Plan & Solve logs): read from it.

export type ReplayAction =
  | { kind: "run"; action: string }
  | { kind: "submit" }
  /** The harness answered it without running anything: nothing to replay. */
  | { kind: "refused" };

const EXECUTE = "execute[";
const HARNESS_REFUSAL = "No SQL code was found in your last response.";

export function replayActionOf(logged: string, strategy: string | null, observation = ""): ReplayAction {
  if (strategy !== "react") {
    if (isSubmitAction(logged)) return { kind: "submit" };
    return observation.startsWith(HARNESS_REFUSAL) ? { kind: "refused" } : { kind: "run", action: logged };
  }
  if (logged.trim() === "submit") return { kind: "submit" };
  const close = logged.lastIndexOf("]");
  if (!logged.startsWith(EXECUTE) || close < EXECUTE.length) return { kind: "refused" };
  return { kind: "run", action: logged.slice(EXECUTE.length, close) };
}

/**
 * When InterCode computed the episode's reward: the Try Again, single-turn and Plan & Solve
 * harnesses submitted after every action (the logged reward is the best turn's, `max_reward`);
 * ReAct and environment trajectories scored once, at `submit` or the end.
 */
export function scoredEveryAction(strategy: string | null): boolean {
  return strategy === "try_again" || strategy === "single_turn" || strategy === "plan_solve";
}

// ReAct's harness cut what it logged (and showed the model): a list of rows to its first 25, any
// other observation to its first 350 characters (Python's, so code points).
const REACT_ROWS = 25;
const REACT_CHARS = 350;

/** The engine's observation as the run's harness logged it (ReAct's cut; the others logged it whole). */
export function asLoggedObservation(strategy: string | null, observation: string): string {
  if (strategy !== "react") return observation;
  const rows = pythonTuples(observation);
  if (rows && `[${rows.join(", ")}]` === observation) {
    return rows.length > REACT_ROWS ? `[${rows.slice(0, REACT_ROWS).join(", ")}]` : observation;
  }
  const chars = Array.from(observation);
  return chars.length > REACT_CHARS ? chars.slice(0, REACT_CHARS).join("") : observation;
}

/**
 * A re-scored reward as the run's InterCode computed it. The SQL ReAct log was made by an InterCode
 * whose SQL reward was the IoU of the rows alone, without the order factor τ of the SqlEnv it
 * published: of that log's 1,034 rewards, 1,025 equal the IoU of the replayed rows and none the
 * τ-scaled value where the two differ (none is negative, most are unrounded).
 */
export function asLoggedReward(
  environment: string,
  strategy: string | null,
  score: { reward: number; breakdown: unknown },
): number {
  const iou = (score.breakdown as { iou?: unknown } | null)?.iou;
  return environment === "sql" && strategy === "react" && typeof iou === "number" ? iou : score.reward;
}
