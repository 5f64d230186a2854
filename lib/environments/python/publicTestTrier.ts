import type { Sandbox } from "../../sandbox/types";
import { historyOf } from "./history";
import type { MbppTask } from "./mbppTask";
import { passed, runPrograms } from "./scratchRun";
import type { InterCodeResult } from "./stepResult";

/**
 * Best-of-N's scratch copy of an episode's state: each candidate runs after the episode's code so far
 * in its own fresh process of a sandbox the episode does not use, then the public tests. Nothing of a
 * candidate reaches the episode; only the chosen one is typed there afterwards.
 */
export function createPublicTestTrier(task: MbppTask, scratch: Sandbox) {
  return async (history: readonly { kind: string; action?: string; exitCode?: number | null }[], candidates: string[]) => {
    const before = historyOf(
      history.flatMap((e) =>
        e.kind === "step" && e.action !== undefined ? [{ action: e.action, exitCode: e.exitCode ?? null }] : [],
      ),
    );
    const tests = task.publicTests.map((code) => ({ code }));
    const runs = await runPrograms(
      scratch,
      candidates.map((code) => [...before, { code, wrap: true }, { code: task.setupCode }, ...tests]),
    );
    return runs.map((run) => {
      const results = run.slice(-tests.length);
      const failed = results.findIndex((r) => !passed(r));
      return {
        passed: results.filter(passed).length,
        total: tests.length,
        error: failed < 0 ? null : publicFailure(task.publicTests[failed], results[failed]),
      };
    });
  };
}

/**
 * A candidate's first failing public test as the console reports one: FAIL and the test, then its
 * error when it has a message (a failed assert's is empty: InterCode's "Error: " alone said nothing).
 */
export function publicFailure(test: string, r: InterCodeResult | null | undefined): string {
  const error = r ? (r.error ?? "").trim() : "did not finish";
  return /^(Error:)?$/.test(error) ? `FAIL ${test}` : `FAIL ${test}\n${error}`;
}
