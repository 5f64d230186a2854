import type { Sandbox } from "../../sandbox/types";
import { collectState, type FsState } from "./collectState";

// The gold command run in a fresh sandbox of the same image, as the player, from the shell's start
// directory; its combined output and file-system change list are what a submission is scored against.
// A task's gold run does not change, so it is computed once per process and shared.

export interface GoldRun {
  output: string;
  state: FsState;
  exitCode: number;
  timedOut: boolean;
}

export const GOLD_TIMEOUT_MS = 10_000;

export async function runGold(sandbox: Sandbox, gold: string): Promise<GoldRun> {
  // stderr joins stdout, as `docker exec` showed InterCode one stream.
  const res = await sandbox.exec(["bash", "-c", `exec 2>&1\n${gold}`], { user: "player", workdir: "/", timeoutMs: GOLD_TIMEOUT_MS });
  const state = await collectState(sandbox);
  return { output: res.stdout, state, exitCode: res.exitCode, timedOut: res.timedOut };
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
