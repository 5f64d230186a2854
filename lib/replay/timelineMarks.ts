import type { ReplayStep } from "./types";
import { isInterCodeSubmit } from "../environments/isSubmit";

export type MarkKind = "step" | "error" | "reward" | "submit";

/** A mark on the timeline at `at` (0..1 of its width), for turn `turn` (1-based). */
export interface TimelineMark {
  turn: number;
  at: number;
  kind: MarkKind;
}

/**
 * What a step's mark says: it submitted, it earned a reward, it failed, or just that it happened.
 * `isSubmit`: the episode's environment's rule (lib/environments/isSubmit.ts's isSubmitIn).
 */
export function markKind(
  step: Pick<ReplayStep, "action" | "exitCode" | "admissible" | "reward">,
  isSubmit: (action: string) => boolean = isInterCodeSubmit,
): MarkKind {
  if (isSubmit(step.action)) return "submit";
  if (step.reward !== null && step.reward > 0) return "reward";
  if (step.admissible === false || (step.exitCode !== null && step.exitCode !== 0)) return "error";
  return "step";
}

/** One mark per turn, where that turn ends on the playback clock (`turnTime(k)`), over a timeline of `duration` seconds. */
export function timelineMarks(
  steps: readonly ReplayStep[],
  turnTime: (turn: number) => number,
  duration: number,
  isSubmit: (action: string) => boolean = isInterCodeSubmit,
): TimelineMark[] {
  return steps.map((step, i) => ({
    turn: i + 1,
    at: duration > 0 ? Math.min(1, Math.max(0, turnTime(i + 1) / duration)) : steps.length > 1 ? i / (steps.length - 1) : 0,
    kind: markKind(step, isSubmit),
  }));
}
