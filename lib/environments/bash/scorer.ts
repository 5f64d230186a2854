import { scoreBoth, type BashInput } from "../../rewards";
import type { Sandbox } from "../../sandbox/types";
import type { Scorer } from "../../sessions/LiveSession";
import type { PlayableEnvironment, TaskForPlay } from "../../sessions/SessionManager";
import { bashImage } from "./tasks";
import { collectState } from "./collectState";
import { cachedGoldRun } from "./goldRun";

/** Bash at submit: the episode's file-system changes and last output against the gold's, both modes. */
export function createBashScorer(task: TaskForPlay, takeSandbox: (image: string) => Promise<Sandbox>): Scorer {
  const image = bashImage(task.fileSystem ?? 1);
  return {
    async score({ sandbox, steps }) {
      const [agent, gold] = await Promise.all([collectState(sandbox), cachedGoldRun(task.id, image, task.gold, takeSandbox)]);
      const input: BashInput = {
        agent: { ...agent, output: steps.at(-1)?.observation ?? "" },
        gold: { ...gold.state, output: gold.output },
      };
      const both = scoreBoth("bash", input);
      return {
        scores: [both.intercode, both.plateau].map((s) => ({ ...s, breakdown: s.breakdown as unknown as Record<string, unknown> })),
        goldOutput: gold.output,
      };
    },
  };
}

export const bashPlayable: PlayableEnvironment = {
  image: (task) => bashImage(task.fileSystem ?? 1),
  scorer: createBashScorer,
};
