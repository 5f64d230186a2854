import type { ChatMessage } from "../llm/ChatClient";
import type { HistoryEntry } from "../types";

// The shared shape of every chat policy's prompt: fixed head messages (system, query, …), then the
// most recent turns of the episode as (assistant, user) pairs — the history window — with each
// observation cut to a number of characters (observation truncation).

export interface TurnRenderer {
  assistant(entry: HistoryEntry): string;
  user(entry: HistoryEntry, observation: string): string;
}

export function truncateObservation(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n[… ${text.length - maxChars} more characters not shown]`;
}

/**
 * head + the last `window` entries of history as (assistant, user) pairs, plus `tail` (e.g. the
 * next plan step) appended to the newest user message, or sent alone when there is no history.
 */
export function buildDialogue(opts: {
  head: ChatMessage[];
  history: readonly HistoryEntry[];
  window: number;
  maxObservationChars: number;
  render: TurnRenderer;
  tail?: string;
}): ChatMessage[] {
  const messages = [...opts.head];
  const recent = opts.window > 0 ? opts.history.slice(-opts.window) : [];
  for (const entry of recent) {
    const obs = entry.kind === "step" ? truncateObservation(entry.observation, opts.maxObservationChars) : "";
    messages.push({ role: "assistant", content: opts.render.assistant(entry) });
    messages.push({ role: "user", content: opts.render.user(entry, obs) });
  }
  if (opts.tail !== undefined) {
    const last = messages[messages.length - 1];
    if (recent.length > 0 && last.role === "user") last.content = `${last.content}\n${opts.tail}`;
    else messages.push({ role: "user", content: opts.tail });
  }
  return messages;
}

/** The model's raw reply, shortened for the dialogue when it was unusable (it may be huge). */
export function replyExcerpt(reply: string | null | undefined, max = 2000): string {
  if (!reply) return "(no reply)";
  return reply.length > max ? `${reply.slice(0, max)}…` : reply;
}
