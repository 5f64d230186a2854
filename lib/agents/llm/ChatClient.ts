import { z } from "zod";
import type { LlmSettings } from "./LlmSettings";
import { readCapped } from "../../runtime/http";

// A client for OpenAI-compatible chat completions (POST {baseUrl}/chat/completions), with a
// per-request timeout, a cap on what it reads, and retries for the faults that retrying can fix.

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  stop?: string[];
}

export interface ChatReply {
  content: string;
  attempts: number;
  finishReason: string | null;
}

export interface ChatClient {
  complete(req: ChatRequest): Promise<ChatReply>;
}

export type LlmErrorKind = "unreachable" | "timeout" | "http" | "malformed" | "empty" | "too-large";

export class LlmError extends Error {
  constructor(
    message: string,
    readonly kind: LlmErrorKind,
    readonly retryable: boolean,
    readonly attempts = 1,
  ) {
    super(message);
  }
}

const Completion = z.object({
  choices: z
    .array(
      z
        .object({
          message: z.object({ content: z.string().nullable().optional() }).passthrough(),
          finish_reason: z.string().nullable().optional(),
        })
        .passthrough(),
    )
    .min(1),
});

/** Most a response body may be before it is refused (the reply itself is capped by maxReplyChars). */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export function createChatClient(settings: LlmSettings, apiKey: string | null, fetchImpl: typeof fetch = fetch): ChatClient {
  const url = `${settings.baseUrl.replace(/\/+$/, "")}/chat/completions`;

  async function once(req: ChatRequest): Promise<{ content: string; finishReason: string | null }> {
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), settings.timeoutMs);
    let res: Response;
    let text: string;
    try {
      res = await fetchImpl(url, {
        method: "POST",
        signal: ctrl.signal,
        headers: { "content-type": "application/json", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({
          model: settings.model,
          messages: req.messages,
          temperature: settings.temperature,
          max_tokens: settings.maxTokens,
          ...(req.stop?.length ? { stop: req.stop } : {}),
        }),
      });
      const body = await readCapped(res.body, MAX_BODY_BYTES);
      if (body === null) throw new LlmError(`the endpoint's answer is larger than ${MAX_BODY_BYTES} bytes`, "too-large", true);
      text = body.toString("utf8");
    } catch (err) {
      if (ctrl.signal.aborted) throw new LlmError(`no answer from ${url} within ${settings.timeoutMs} ms`, "timeout", true);
      if (err instanceof LlmError) throw err;
      throw new LlmError(`cannot reach ${url}: ${describe(err)}`, "unreachable", true);
    } finally {
      clearTimeout(timer);
    }
    if (!res.ok) {
      const retryable = res.status === 408 || res.status === 429 || res.status >= 500;
      throw new LlmError(`${url} answered ${res.status}: ${excerpt(text)}`, "http", retryable);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new LlmError(`the endpoint's answer is not JSON: ${excerpt(text)}`, "malformed", true);
    }
    const parsed = Completion.safeParse(json);
    if (!parsed.success)
      throw new LlmError(`the endpoint's answer has no choices[0].message: ${excerpt(text)}`, "malformed", true);
    const choice = parsed.data.choices[0];
    const content = choice.message.content ?? "";
    if (!content.trim()) throw new LlmError("the model's reply is empty", "empty", true);
    if (content.length > settings.maxReplyChars) {
      throw new LlmError(
        `the model's reply is too long (${content.length} characters, limit ${settings.maxReplyChars})`,
        "too-large",
        true,
      );
    }
    return { content, finishReason: choice.finish_reason ?? null };
  }

  return {
    async complete(req) {
      let last: LlmError | null = null;
      for (let attempt = 1; attempt <= settings.retries + 1; attempt++) {
        try {
          const r = await once(req);
          return { ...r, attempts: attempt };
        } catch (err) {
          last = err instanceof LlmError ? err : new LlmError(describe(err), "malformed", false);
          if (!last.retryable) break;
          if (attempt <= settings.retries && settings.retryDelayMs > 0) await sleep(settings.retryDelayMs * attempt);
        }
      }
      const attempts = last!.retryable ? settings.retries + 1 : 1;
      throw new LlmError(
        attempts > 1 ? `${last!.message} (${attempts} attempts)` : last!.message,
        last!.kind,
        last!.retryable,
        attempts,
      );
    },
  };
}

function excerpt(text: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > 200 ? `${t.slice(0, 200)}…` : t || "(empty body)";
}

function describe(err: unknown): string {
  const e = err as { message?: string; cause?: { code?: string; message?: string } };
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(err);
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
