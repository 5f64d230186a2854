import type { Policy } from "../types";
import { environments, type EnvironmentName } from "../../environments";

/**
 * Plays the task's gold, then submits: a sanity check of the sandbox, the recorder and the reward.
 * The environment says what playing its gold is (Bash, SQL, Python: the gold command, then `submit`;
 * CTF: `submit <the flag>`).
 */
export function goldPolicy(): Policy {
  return {
    name: "gold",
    async next(history, task) {
      const actions = environments[task.environment as EnvironmentName]?.live?.goldActions?.(task.gold) ?? [task.gold, "submit"];
      return { action: actions[Math.min(history.length, actions.length - 1)] };
    },
  };
}
