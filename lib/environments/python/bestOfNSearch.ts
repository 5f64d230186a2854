import type { Sandbox } from "../../sandbox/types";
import { mbppTask } from "./mbppTask";
import { createPublicTestTrier } from "./publicTestTrier";
import { PYTHON_IMAGE } from "./scorer";

/**
 * What Best-of-N needs of one Python episode: the task's function and public tests, and a scratch
 * sandbox (never the episode's) to try its candidates in; dispose() gives the sandbox back.
 */
export async function openBestOfNSearch(
  task: { query: string; gold: string; extra: unknown },
  takeSandbox: (image: string) => Promise<Sandbox>,
) {
  const t = mbppTask(task);
  const scratch = await takeSandbox(PYTHON_IMAGE);
  return {
    search: {
      publicTask: () => ({ functionName: t.functionName, publicTests: t.publicTests }),
      tryCandidates: createPublicTestTrier(t, scratch),
    },
    dispose: () => void scratch.destroy().catch(() => {}),
  };
}
