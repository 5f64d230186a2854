import type { Policy } from "../types";

/** Plays the task's gold command, then submits: a sanity check of the sandbox, the recorder and the reward. */
export function goldPolicy(): Policy {
  return {
    name: "gold",
    async next(history, task) {
      return history.length === 0 ? { action: task.gold } : { action: "submit" };
    },
  };
}
