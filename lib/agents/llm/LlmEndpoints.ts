import { z } from "zod";
import type { Env, LlmSettings } from "./LlmSettings";

// The LLM endpoints this server may call, configured by its operator, never by a request: a run
// names one, and its key is read from the server's environment when an episode asks the model.
// So a request cannot send the server's key to an address of its choosing.
//   PLATEAU_LLM_BASE_URL (+ PLATEAU_LLM_API_KEY, else OPENAI_API_KEY) → the endpoint "default"
//   PLATEAU_LLM_ENDPOINTS='[{"name":"vllm","baseUrl":"http://127.0.0.1:8000/v1"},
//                           {"name":"openai","baseUrl":"https://api.openai.com/v1","apiKeyEnv":"OPENAI_API_KEY","models":["gpt-4o"]}]'

export const EndpointName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$/, "an endpoint name is 1-60 letters, digits, '.', '_' or '-'");

const BaseUrl = z
  .string()
  .trim()
  .max(500)
  .url()
  .refine((u) => /^https?:$/.test(new URL(u).protocol), "the base URL must be http or https")
  // A key in the URL would be shown on the Agents page and stored with every run.
  .refine(
    (u) => !new URL(u).username && !new URL(u).password,
    "the base URL cannot carry credentials: name an environment variable in apiKeyEnv",
  );

export const LlmEndpoint = z.strictObject({
  name: EndpointName,
  baseUrl: BaseUrl,
  /** The environment variable holding this endpoint's API key (none: requests go without a key). */
  apiKeyEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "apiKeyEnv is the name of an environment variable")
    .optional(),
  /** When given, the only models a run may ask on this endpoint (the first is the default). */
  models: z.array(z.string().trim().min(1).max(200)).min(1).max(100).optional(),
});
export type LlmEndpoint = z.infer<typeof LlmEndpoint>;

export interface LlmConfig {
  /** In order: "default" (PLATEAU_LLM_BASE_URL) first, then PLATEAU_LLM_ENDPOINTS's. */
  endpoints: LlmEndpoint[];
  /** PLATEAU_LLM_MODEL: the model asked when a run names none and its endpoint lists none. */
  defaultModel: string | null;
  /** What is wrong with the configuration (its endpoints are left out), for the log and the Agents page. */
  error: string | null;
}

/** What the Agents page may show of an endpoint: never its key, nor where the key is kept. */
export type PublicEndpoint = Pick<LlmEndpoint, "name" | "baseUrl" | "models">;

const issuesText = (e: z.ZodError) => e.issues.map((i) => `${i.path.join(".") || "value"}: ${i.message}`).join("; ");

export function llmConfigFromEnv(env: Env = process.env): LlmConfig {
  const endpoints: LlmEndpoint[] = [];
  const errors: string[] = [];
  if (env.PLATEAU_LLM_BASE_URL) {
    const apiKeyEnv = env.PLATEAU_LLM_API_KEY ? "PLATEAU_LLM_API_KEY" : env.OPENAI_API_KEY ? "OPENAI_API_KEY" : undefined;
    const parsed = LlmEndpoint.safeParse({ name: "default", baseUrl: env.PLATEAU_LLM_BASE_URL, apiKeyEnv });
    if (parsed.success) endpoints.push(parsed.data);
    else errors.push(`PLATEAU_LLM_BASE_URL: ${parsed.error.issues[0].message}`);
  }
  if (env.PLATEAU_LLM_ENDPOINTS?.trim()) {
    const list = parseEndpointList(env.PLATEAU_LLM_ENDPOINTS);
    if (typeof list === "string") errors.push(`PLATEAU_LLM_ENDPOINTS: ${list}`);
    else {
      const taken = list.find((e) => endpoints.some((d) => d.name === e.name));
      if (taken) errors.push(`PLATEAU_LLM_ENDPOINTS: "${taken.name}" is already the endpoint of PLATEAU_LLM_BASE_URL`);
      else endpoints.push(...list);
    }
  }
  return { endpoints, defaultModel: env.PLATEAU_LLM_MODEL?.trim() || null, error: errors.length ? errors.join("; ") : null };
}

function parseEndpointList(text: string): LlmEndpoint[] | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return `not valid JSON (${(err as Error).message})`;
  }
  const parsed = z.array(LlmEndpoint).max(50).safeParse(json);
  if (!parsed.success) return issuesText(parsed.error);
  const names = parsed.data.map((e) => e.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  return twice ? `two endpoints are named "${twice}"` : parsed.data;
}

/** The endpoint a run names (none named: the first configured), or why there is none. */
export function findEndpoint(config: LlmConfig, name: string | undefined): LlmEndpoint | string {
  if (!config.endpoints.length) {
    return `no LLM endpoint is configured on this server: its operator sets PLATEAU_LLM_BASE_URL or PLATEAU_LLM_ENDPOINTS${config.error ? ` (${config.error})` : ""}`;
  }
  const found = name === undefined ? config.endpoints[0] : config.endpoints.find((e) => e.name === name);
  return found ?? `no LLM endpoint named "${name}" is configured; configured: ${config.endpoints.map((e) => e.name).join(", ")}`;
}

/** The model a run asks (given, else the endpoint's first, else the server's default), or why not. */
export function modelFor(
  endpoint: LlmEndpoint,
  given: string | undefined,
  defaultModel: string | null,
): { model: string } | { error: string } {
  const model = given ?? endpoint.models?.[0] ?? defaultModel;
  if (!model) return { error: "a model is needed: give one, or the server's operator sets PLATEAU_LLM_MODEL" };
  if (endpoint.models && !endpoint.models.includes(model))
    return { error: `the endpoint "${endpoint.name}" offers ${endpoint.models.join(", ")}, not "${model}"` };
  return { model };
}

/**
 * What a run's stored settings are played with: the named endpoint's current URL and its key, both
 * from the server's configuration (the stored URL is only a record). Read when a run starts or
 * resumes, so a changed key or address is taken up by a restart.
 */
export function connectEndpoint(
  settings: LlmSettings,
  env: Env = process.env,
): { settings: LlmSettings; apiKey: string | null } | string {
  const endpoint = findEndpoint(llmConfigFromEnv(env), settings.endpoint);
  if (typeof endpoint === "string") return endpoint;
  return {
    settings: { ...settings, baseUrl: endpoint.baseUrl },
    apiKey: (endpoint.apiKeyEnv && env[endpoint.apiKeyEnv]) || null,
  };
}

export function publicEndpoints(config: LlmConfig): PublicEndpoint[] {
  return config.endpoints.map(({ name, baseUrl, models }) => (models ? { name, baseUrl, models } : { name, baseUrl }));
}
