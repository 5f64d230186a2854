import type { Policy } from "../types";
import { createChatClient } from "../llm/ChatClient";
import { defaultObservationChars, type PolicyConfig } from "./PolicyConfig";
import { goldPolicy } from "./gold";
import { scriptedPolicy } from "./scripted";
import { singleTurnPolicy } from "./singleTurn";
import { tryAgainPolicy } from "./tryAgain";
import { reactPolicy } from "./react";
import { planSolvePolicy } from "./planSolve";
import type { LlmPolicyDeps } from "./LlmPolicyDeps";

export interface PolicyEnv {
  apiKey: string | null;
  /** Seconds after which the harness stops a command. */
  timeoutSeconds: number;
  fetch?: typeof fetch;
}

/** A fresh policy for one episode (Plan & Solve keeps its plan in it). */
export function createPolicy(config: PolicyConfig, env: PolicyEnv): Policy {
  switch (config.policy) {
    case "gold":
      return goldPolicy();
    case "scripted":
      return scriptedPolicy(config.actions);
    default: {
      const deps: LlmPolicyDeps = {
        chat: createChatClient(config.llm, env.apiKey, env.fetch),
        historyWindow: config.prompt.historyWindow,
        maxObservationChars: config.prompt.maxObservationChars ?? defaultObservationChars(config.policy),
        timeoutSeconds: env.timeoutSeconds,
      };
      const make = { "single-turn": singleTurnPolicy, "try-again": tryAgainPolicy, react: reactPolicy, "plan-solve": planSolvePolicy }[config.policy];
      return make(deps);
    }
  }
}

/** Consecutive turns without an action before an episode is given up (deterministic policies never have them). */
export function maxConsecutiveErrors(config: PolicyConfig): number {
  return "prompt" in config ? config.prompt.maxConsecutiveErrors : 1;
}
