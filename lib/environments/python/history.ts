import { isPythonSubmit } from "../isSubmit";
import type { ProgramStep } from "./scratchRun";

/**
 * The inputs that made an episode's namespace (its steps, or an agent's history of them), up to (not including) step `end`: every code input
 * in order, to run again in a fresh process. Left out: `test` and `submit` (the console ran no code
 * of the player's), and inputs stopped by Ctrl-C or the time limit (exit 130), which would only
 * run into it again.
 */
export function historyOf(steps: readonly Input[], end = steps.length): ProgramStep[] {
  return steps
    .slice(0, end)
    .filter(isCodeInput)
    .map((s) => ({ code: s.action, wrap: true }));
}

type Input = { action: string; exitCode: number | null };

function isCodeInput(s: Input): boolean {
  return s.action.trim() !== "" && s.action.trim() !== "test" && !isPythonSubmit(s.action) && s.exitCode !== 130;
}

/**
 * The 1-based turn of the code judged at step `end` (the `test` that first passed, or the submit):
 * the last code input before it, where the namespace the judge runs was last written. A `test`
 * only runs that code, so it is not the code's turn. `steps` are the episode's turns (no submit
 * among them); null when no code was typed before `end`.
 */
export function judgedCodeTurn(steps: readonly Input[], end: number): number | null {
  for (let i = Math.min(end, steps.length) - 1; i >= 0; i--) if (isCodeInput(steps[i])) return i + 1;
  return null;
}
