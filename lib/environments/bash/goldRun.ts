import type { Sandbox } from "../../sandbox/types";
import type { GoldRunView } from "../../sessions/protocol";
import { collectState, type FsState } from "./collectState";
import { execAsInterCode } from "./execAsInterCode";
import { bashArgv, MALFORMED, TIMED_OUT, type ArgvMode } from "./intercodeArgv";

// The gold command run the InterCode way (a plain `bash -c` as root in /, see execAsInterCode) in
// a fresh sandbox of the task's image; its output and file-system changes are what a submission
// is scored against. Each reward mode has its own gold: `intercode` runs the argv InterCode ran
// (its quotes stripped by docker-py's split), `plateau` the command as written. A task's gold run
// does not change, so it is computed once per process and mode, and shared.

export interface GoldRun extends GoldRunView {
  state: FsState;
}

export const GOLD_TIMEOUT_MS = 10_000;

export async function runGold(sandbox: Sandbox, gold: string, mode: ArgvMode): Promise<GoldRun> {
  const planned = bashArgv(gold, mode);
  if ("malformed" in planned)
    return { argv: null, output: MALFORMED, exitCode: null, timedOut: false, state: await collectState(sandbox) };
  const run = await execAsInterCode(sandbox, planned.argv, "/", GOLD_TIMEOUT_MS);
  // Written as an agent's timed-out action reads, so that running the gold reproduces it.
  const output = run.timedOut ? TIMED_OUT : run.output;
  return { argv: planned.argv, output, exitCode: run.exitCode, timedOut: run.timedOut, state: await collectState(sandbox) };
}

const cache = new Map<string, Promise<GoldRun>>();

function cachedGoldRun(
  key: string,
  image: string,
  gold: string,
  mode: ArgvMode,
  takeSandbox: (image: string) => Promise<Sandbox>,
): Promise<GoldRun> {
  let run = cache.get(key);
  if (!run) {
    run = (async () => {
      const sandbox = await takeSandbox(image);
      try {
        return await runGold(sandbox, gold, mode);
      } finally {
        void sandbox.destroy().catch(() => {});
      }
    })();
    run.catch(() => cache.delete(key)); // a failure is not remembered
    cache.set(key, run);
  }
  return run;
}

/** The gold run of each reward mode; one run serves both when the two argv are the same (185 of the 224 Bash golds). */
export async function goldRuns(
  taskId: number,
  image: string,
  gold: string,
  takeSandbox: (image: string) => Promise<Sandbox>,
): Promise<Record<ArgvMode, GoldRun>> {
  const same = JSON.stringify(bashArgv(gold, "intercode")) === JSON.stringify(bashArgv(gold, "plateau"));
  const plateau = cachedGoldRun(`${taskId}:plateau`, image, gold, "plateau", takeSandbox);
  const intercode = same ? plateau : cachedGoldRun(`${taskId}:intercode`, image, gold, "intercode", takeSandbox);
  const [p, i] = await Promise.all([plateau, intercode]);
  return { plateau: p, intercode: i };
}
