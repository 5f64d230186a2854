import type { Policy } from "../types";

/** Plays a given list of actions in order, then submits (if the list did not already). */
export function scriptedPolicy(actions: readonly string[]): Policy {
  return {
    name: "scripted",
    async next(history) {
      const i = history.length;
      return i < actions.length ? { action: actions[i] } : { action: "submit" };
    },
  };
}
