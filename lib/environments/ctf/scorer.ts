import { score, REWARD_MODES } from "../../rewards";
import type { Scorer, TaskForPlay } from "../../sessions/console";

// CTF at submit: the flag against the gold, in both reward modes (lib/rewards/ctf.ts). Nothing of
// the sandbox is read. A wrong flag does not end the episode: InterCode's CTF harness played on
// until the reward was 1 or the turns ran out, so the player is told and goes on.

export const WRONG_FLAG = "Wrong flag (reward 0): the episode goes on; submit another or skip.";
/** The same, in a study that hides rewards. */
export const WRONG_FLAG_REWARD_HIDDEN = "Wrong flag: the episode goes on; submit another or skip.";

/** What the reward reads of `submit <flag>`: everything after the word and one space, verbatim (CtfInput.submitted). */
export function flagOf(action: string): string {
  const m = /^\s*submit(?: ([\s\S]*))?$/.exec(action);
  return m?.[1] ?? "";
}

export function createCtfScorer(task: TaskForPlay, rules = { showReward: true }): Scorer {
  return {
    async score({ submitted }) {
      const flag = flagOf(submitted);
      const scores = REWARD_MODES.map((mode) => {
        const s = score("ctf", { submitted: flag, gold: task.gold }, mode);
        return { ...s, breakdown: s.breakdown as unknown as Record<string, unknown> };
      });
      const right = scores.some((s) => s.mode === "plateau" && s.success);
      return right ? { scores } : { scores, tryAgain: rules.showReward ? WRONG_FLAG : WRONG_FLAG_REWARD_HIDDEN };
    },
  };
}
