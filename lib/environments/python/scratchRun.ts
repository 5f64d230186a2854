import { z } from "zod";
import type { Sandbox } from "../../sandbox/types";
import type { TestResult } from "../../rewards";
import type { InterCodeResult } from "./stepResult";

// Programs run in fresh Python processes of a sandbox that no player types in (docker/python/run.py):
// the scorer's and Best-of-N's copies of an episode's state. Private tests only ever go here.

export interface ProgramStep {
  code: string;
  /** Run as a console input is (InterCode's wrap_with_print); else exec'd as written. */
  wrap?: boolean;
}

const Reply = z.object({
  programs: z.array(z.array(z.object({ output: z.string().optional(), error: z.string().optional() }).nullable())),
});

const RUNNER = "/usr/local/lib/plateau/python/run.py";

/** Each program's step results, in order; null for a step that never ran (its program hit the time limit). */
export async function runPrograms(
  sandbox: Sandbox,
  programs: ProgramStep[][],
  stepTimeoutS = 10,
): Promise<(InterCodeResult | null)[][]> {
  const steps = programs.reduce((n, p) => n + p.length, 0);
  const r = await sandbox.exec(["python3", RUNNER], {
    user: "player",
    stdin: JSON.stringify({ programs, timeoutS: stepTimeoutS }),
    timeoutMs: (steps * stepTimeoutS + 2 * programs.length + 10) * 1000,
    maxOutputBytes: 16 * 1024 * 1024,
  });
  if (r.exitCode !== 0 || r.truncated) throw new Error(`the Python runner failed (exit ${r.exitCode}): ${r.stderr.slice(-500)}`);
  const reply = Reply.parse(JSON.parse(r.stdout));
  if (reply.programs.length !== programs.length) throw new Error("the Python runner answered for another number of programs");
  return reply.programs;
}

/** InterCode's dict as the reward reads a test: output, and the error (null when none). */
export function testResultOf(r: InterCodeResult | null): TestResult {
  if (!r) return { output: "", error: "Error: timed out" };
  return { output: r.output ?? "", error: r.error ? r.error : null };
}

/** A test passed: it ran and raised nothing, wrote nothing to stderr (InterCode's error is empty). */
export function passed(r: InterCodeResult | null): boolean {
  return r !== null && !r.error;
}
