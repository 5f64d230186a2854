import { z } from "zod";
import { LlmSettings, PromptSettings } from "../llm/LlmSettings";
import { findEndpoint, llmConfigFromEnv, modelFor, type LlmConfig } from "../llm/LlmEndpoints";
import { PolicyConfig } from "../policies/PolicyConfig";
import { EXECUTIONS } from "../../sessions/ActionExecutor";
import { ENVIRONMENTS } from "../../environments/types";
import { LLM_POLICIES, POLICY_NAMES, type PolicyName } from "../types";

// What starting a run takes (from the UI, the CLI or POST /api/agent-runs), and what a run keeps in
// Run.config so that it can be resumed after a restart exactly as it was started.

/** What a request may say about the model: a configured endpoint by name, never an address. */
const LlmRequest = z.strictObject(LlmSettings.omit({ baseUrl: true }).partial().shape, {
  error: (issue) =>
    issue.code === "unrecognized_keys" && issue.keys.includes("baseUrl")
      ? "baseUrl is not accepted: name one of the server's configured endpoints in llm.endpoint (a URL here would receive the server's API key)"
      : undefined,
});

export const RunInput = z
  .object({
    name: z.string().trim().min(1).max(120).optional(),
    env: z.enum(ENVIRONMENTS, { message: `an environment is one of ${ENVIRONMENTS.join(", ")}` }).default("bash"),
    policy: z.enum(POLICY_NAMES),
    /** Task selection: all, fs1…fs4, test, a dataset name, fs1:0-9, task ids — comma-separated. */
    tasks: z.string().trim().min(1).max(4000),
    turnLimit: z.number().int().min(1).max(100).default(10),
    concurrency: z.number().int().min(1).max(32).default(1),
    /** Per-action timeout (InterCode: 10 s). */
    timeoutMs: z.number().int().min(100).max(600_000).default(10_000),
    /** How actions reach the sandbox: typed into the live terminal, or run as InterCode ran them. */
    execution: z.enum(EXECUTIONS).default("terminal"),
    /** LLM policies: the model to ask (also the run's label in Compare). */
    model: z.string().trim().min(1).max(200).optional(),
    /** Scripted policy: the actions to play. */
    actions: z.array(z.string()).max(200).optional(),
    llm: LlmRequest.optional(),
    prompt: PromptSettings.partial().optional(),
    /** Best-of-N: candidates per turn. */
    n: z.number().int().min(1).max(32).optional(),
  })
  .strict();
export type RunInput = z.input<typeof RunInput>;

export const StoredRunConfig = z.object({
  env: z.string(),
  tasks: z.string(),
  taskIds: z.array(z.number().int()),
  turnLimit: z.number().int(),
  concurrency: z.number().int(),
  timeoutMs: z.number().int(),
  /** Runs stored before the setting existed were all typed into the terminal. */
  execution: z.enum(EXECUTIONS).default("terminal"),
  policy: PolicyConfig,
  failure: z.string().nullable().optional(),
});
export type StoredRunConfig = z.infer<typeof StoredRunConfig>;

/** The policy's stored config from a run's input, or what is missing. */
export function policyConfigFor(input: z.output<typeof RunInput>, llm: LlmConfig = llmConfigFromEnv()): PolicyConfig | string {
  const name: PolicyName = input.policy;
  let candidate: unknown;
  if (name === "gold") candidate = { policy: "gold" };
  else if (name === "scripted") candidate = { policy: "scripted", actions: input.actions ?? [] };
  else {
    const endpoint = findEndpoint(llm, input.llm?.endpoint);
    if (typeof endpoint === "string") return `llm.endpoint: ${endpoint}`;
    const model = modelFor(endpoint, input.llm?.model ?? input.model, llm.defaultModel);
    if ("error" in model) return `model: ${model.error}`;
    candidate = {
      policy: name,
      llm: { ...input.llm, endpoint: endpoint.name, baseUrl: endpoint.baseUrl, model: model.model },
      prompt: input.prompt ?? {},
      ...(name === "best-of-n" ? { n: input.n } : {}),
    };
  }
  const parsed = PolicyConfig.safeParse(candidate);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join(".") || "policy"}: ${i.message}`).join("; ");
  return parsed.data;
}

export function isLlmPolicy(name: string): boolean {
  return (LLM_POLICIES as readonly string[]).includes(name);
}

/** The model label a run and its episodes carry (Compare groups by model and strategy). */
export function modelLabel(policy: PolicyConfig): string | null {
  return "llm" in policy ? policy.llm.model : null;
}

/** The strategy a run and its episodes carry: the policy, and Best-of-N's N (Compare sets runs of different N side by side by it). */
export function strategyLabel(policy: PolicyConfig): string {
  return policy.policy === "best-of-n" ? `best-of-${policy.n}` : policy.policy;
}
