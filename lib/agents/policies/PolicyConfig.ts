import { z } from "zod";
import { LlmSettings, PromptSettings } from "../llm/LlmSettings";

/** A policy and its settings, as a run stores them in Run.config (never an API key). */
export const PolicyConfig = z.discriminatedUnion("policy", [
  z.object({ policy: z.literal("gold") }),
  z.object({
    policy: z.literal("scripted"),
    actions: z.array(z.string().trim().min(1, "an action is empty").max(10_000)).min(1, "give at least one action").max(200),
  }),
  z.object({
    policy: z.enum(["single-turn", "try-again", "react", "plan-solve"]),
    llm: LlmSettings,
    prompt: PromptSettings.default({ historyWindow: 5, maxConsecutiveErrors: 3 }),
  }),
  z.object({
    policy: z.literal("best-of-n"),
    llm: LlmSettings,
    prompt: PromptSettings.default({ historyWindow: 5, maxConsecutiveErrors: 3 }),
    /** Candidates sampled per turn. */
    n: z.number().int().min(1).max(32).default(4),
    /** Scores candidates that tie on the public tests (µCode's learned verifier's stand-in); none: the first wins. */
    verifier: LlmSettings.optional(),
  }),
]);
export type PolicyConfig = z.infer<typeof PolicyConfig>;
export type PolicyConfigInput = z.input<typeof PolicyConfig>;

/** InterCode cut observations to 1000 characters for chat policies and 350 for ReAct. */
export function defaultObservationChars(policy: string): number {
  return policy === "react" ? 350 : 1000;
}
