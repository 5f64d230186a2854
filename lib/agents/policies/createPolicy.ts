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
import { bestOfNPolicy, type BestOfNDeps } from "./bestOfN";

export interface PolicyEnv {
  apiKey: string | null;
  /** Seconds after which the harness stops a command. */
  timeoutSeconds: number;
  fetch?: typeof fetch;
  /** Best-of-N (Python): the episode's public task and a scratch copy of its state to try candidates in. */
  search?: Pick<BestOfNDeps, "publicTask" | "tryCandidates">;
  /** The verifier endpoint's key, when the run has one. */
  verifierApiKey?: string | null;
}

/** A fresh policy for one episode (Plan & Solve keeps its plan in it). */
export function createPolicy(config: PolicyConfig, env: PolicyEnv): Policy {
  switch (config.policy) {
    case "gold":
      return goldPolicy();
    case "scripted":
      return scriptedPolicy(config.actions);
    case "best-of-n": {
      if (!env.search)
        throw new Error("best-of-n plays Python tasks only: it needs the task's public tests and a scratch sandbox");
      return bestOfNPolicy({
        ...env.search,
        chat: createChatClient(config.llm, env.apiKey, env.fetch),
        verifier: config.verifier ? createChatClient(config.verifier, env.verifierApiKey ?? null, env.fetch) : undefined,
        n: config.n,
        historyWindow: config.prompt.historyWindow,
        maxObservationChars: config.prompt.maxObservationChars ?? defaultObservationChars(config.policy),
        prompt: { timeoutSeconds: env.timeoutSeconds },
      });
    }
    default: {
      const deps: LlmPolicyDeps = {
        chat: createChatClient(config.llm, env.apiKey, env.fetch),
        historyWindow: config.prompt.historyWindow,
        maxObservationChars: config.prompt.maxObservationChars ?? defaultObservationChars(config.policy),
        timeoutSeconds: env.timeoutSeconds,
      };
      const make = {
        "single-turn": singleTurnPolicy,
        "try-again": tryAgainPolicy,
        react: reactPolicy,
        "plan-solve": planSolvePolicy,
      }[config.policy];
      return make(deps);
    }
  }
}

/** Consecutive turns without an action before an episode is given up (deterministic policies never have them). */
export function maxConsecutiveErrors(config: PolicyConfig): number {
  return "prompt" in config ? config.prompt.maxConsecutiveErrors : 1;
}
