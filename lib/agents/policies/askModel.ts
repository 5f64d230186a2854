import { LlmError, type ChatClient, type ChatMessage } from "../llm/ChatClient";

// One model call for a policy: the reply, or the reason there is none and whether the episode can go
// on. An endpoint that cannot be reached or refuses the request (401, 404 …) ends the episode; a slow,
// failing or garbled answer (after the client's retries) loses the turn, and play continues.

export type Asked = { reply: string } | { error: string; fatal: boolean };

export async function askModel(chat: ChatClient, messages: ChatMessage[], stop?: string[]): Promise<Asked> {
  try {
    const r = await chat.complete({ messages, stop });
    return { reply: r.content };
  } catch (err) {
    if (err instanceof LlmError) {
      const fatal = err.kind === "unreachable" || (err.kind === "http" && !err.retryable);
      return { error: `model error: ${err.message}`, fatal };
    }
    return { error: `model error: ${(err as Error).message}`, fatal: true };
  }
}
