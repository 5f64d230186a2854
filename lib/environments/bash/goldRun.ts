import type { Sandbox } from "../../sandbox/types";
import { collectState, type FsState } from "./collectState";
import { runInTerminal } from "./runInTerminal";

// The gold command run in a fresh sandbox of the same image, typed at the player's login shell (cwd
// /); its observation and file-system change list are what a submission is scored against.
// A task's gold run does not change, so it is computed once per process and shared.

export interface GoldRun {
  output: string;
  state: FsState;
  /** null: the shell gave no exit code (a command that hung even after Ctrl-C). */
  exitCode: number | null;
  timedOut: boolean;
}

export const GOLD_TIMEOUT_MS = 10_000;

export async function runGold(sandbox: Sandbox, gold: string): Promise<GoldRun> {
  // Typed at the login shell as a player types it: on a terminal, stderr joins stdout, carriage
  // returns overwrite, `env` has TERM — so the gold policy reproduces the gold's own output.
  const run = await runInTerminal(sandbox, gold, GOLD_TIMEOUT_MS);
  const state = await collectState(sandbox);
  return { output: run.step?.observation ?? "", state, exitCode: run.step?.exitCode ?? null, timedOut: run.timedOut };
}

const cache = new Map<number, Promise<GoldRun>>();

export function cachedGoldRun(taskId: number, image: string, gold: string, takeSandbox: (image: string) => Promise<Sandbox>): Promise<GoldRun> {
  let run = cache.get(taskId);
  if (!run) {
    run = (async () => {
      const sandbox = await takeSandbox(image);
      try {
        return await runGold(sandbox, gold);
      } finally {
        void sandbox.destroy().catch(() => {});
      }
    })();
    run.catch(() => cache.delete(taskId)); // a failure is not remembered
    cache.set(taskId, run);
  }
  return run;
}
