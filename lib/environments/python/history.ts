import { isPythonSubmit } from "./pythonConsole";
import type { ProgramStep } from "./scratchRun";

/**
 * The inputs that made an episode's namespace (its steps, or an agent's history of them), up to (not including) step `end`: every code input
 * in order, to run again in a fresh process. Left out: `test` and `submit` (the console ran no code
 * of the player's), and inputs stopped by Ctrl-C or the time limit (exit 130), which would only
 * run into it again.
 */
export function historyOf(steps: readonly { action: string; exitCode: number | null }[], end = steps.length): ProgramStep[] {
  return steps
    .slice(0, end)
    .filter((s) => s.action.trim() !== "" && s.action.trim() !== "test" && !isPythonSubmit(s.action) && s.exitCode !== 130)
    .map((s) => ({ code: s.action, wrap: true }));
}
