import { score, REWARD_MODES } from "../../rewards";
import type { Sandbox } from "../../sandbox/types";
import type { Scorer, TaskForPlay } from "../../sessions/console";
import { bashImage } from "./tasks";
import { collectState } from "./collectState";
import { goldRuns } from "./goldRun";

/** Bash at submit: the episode's file-system changes and last output against each mode's gold run. */
export function createBashScorer(task: TaskForPlay, takeSandbox: (image: string) => Promise<Sandbox>): Scorer {
  const image = bashImage(task.fileSystem ?? 1);
  return {
    async score({ sandbox, steps }) {
      const [agentState, golds] = await Promise.all([collectState(sandbox), goldRuns(task.id, image, task.gold, takeSandbox)]);
      const agent = { ...agentState, output: steps.at(-1)?.observation ?? "" };
      return {
        scores: REWARD_MODES.map((mode) => {
          const { state, ...gold } = golds[mode];
          const s = score("bash", { agent, gold: { ...state, output: gold.output } }, mode);
          return { ...s, breakdown: s.breakdown as unknown as Record<string, unknown>, gold };
        }),
      };
    },
  };
}
