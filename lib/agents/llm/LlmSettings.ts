import { z } from "zod";
import { EndpointName } from "./LlmEndpoints";

// How the built-in LLM policies ask a model: any OpenAI-compatible chat-completions endpoint
// (vLLM, Ollama, OpenAI) that the server's operator configured (LlmEndpoints.ts). The API key never
// goes into the database: it is read from the server's environment when a run starts or resumes.

/** Environment variables (process.env, or a test's own). */
export type Env = Record<string, string | undefined>;

export const LlmSettings = z.object({
  /** A configured endpoint's name. */
  endpoint: EndpointName,
  /**
   * That endpoint's base URL, e.g. http://127.0.0.1:8000/v1 (vLLM), http://127.0.0.1:11434/v1
   * (Ollama), https://api.openai.com/v1. A run stores the one it started with for the record;
   * playing uses the endpoint's current one, with its key.
   */
  baseUrl: z.string().trim().url().max(500),
  model: z.string().trim().min(1).max(200),
  temperature: z.number().min(0).max(2).default(0),
  maxTokens: z.number().int().min(1).max(32_768).default(512),
  /** One request; a slower answer counts as a failed attempt. */
  timeoutMs: z.number().int().min(100).max(600_000).default(60_000),
  /** Extra attempts after a failed one (endpoint down, slow, 5xx, malformed, empty or huge reply). */
  retries: z.number().int().min(0).max(10).default(2),
  retryDelayMs: z.number().int().min(0).max(60_000).default(1_000),
  /** A reply longer than this is malformed (a runaway generation), not an action. */
  maxReplyChars: z.number().int().min(100).max(1_000_000).default(16_000),
});
export type LlmSettings = z.infer<typeof LlmSettings>;
export type LlmSettingsInput = z.input<typeof LlmSettings>;

/** Prompt shape: how much of the dialogue and of each observation the model sees. */
export const PromptSettings = z.object({
  /** Most recent turns (assistant reply + observation) kept after the system message and the query. */
  historyWindow: z.number().int().min(0).max(100).default(5),
  /** Characters of each observation shown to the model (InterCode: 1000; ReAct 350). */
  maxObservationChars: z.number().int().min(10).max(100_000).optional(),
  /** Consecutive turns without a usable action before the episode is given up as an error. */
  maxConsecutiveErrors: z.number().int().min(1).max(20).default(3),
});
export type PromptSettings = z.infer<typeof PromptSettings>;
