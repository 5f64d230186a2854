import type { ChatClient } from "../llm/ChatClient";

/** What every LLM policy is built with: the (injected) chat client and the prompt shape. */
export interface LlmPolicyDeps {
  chat: ChatClient;
  historyWindow: number;
  maxObservationChars: number;
  /** Seconds after which the harness stops a command (said in the system message). */
  timeoutSeconds: number;
}
