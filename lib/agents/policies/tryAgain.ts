import type { Decision, HistoryEntry, Policy, TaskView } from "../types";
import { codeBlockFor, promptsFor } from "../prompts/promptsFor";
import { buildDialogue, replyExcerpt } from "../prompts/dialogue";
import { parseCodeBlock } from "../parse/parseCodeBlock";
import { askModel } from "./askModel";
import type { LlmPolicyDeps } from "./LlmPolicyDeps";

/**
 * Try Again: the model runs a command, reads its output, and runs another, until it submits or the
 * turn limit ends the episode. Unlike InterCode's harness, the reward is not shown after each turn
 * (that would need a scored copy of the sandbox per turn); the model decides when it is done.
 */
export function tryAgainPolicy(deps: LlmPolicyDeps): Policy {
  return {
    name: "try-again",
    async next(history: readonly HistoryEntry[], task: TaskView): Promise<Decision> {
      const prompts = promptsFor(task.environment);
      const asCodeBlock = codeBlockFor(task.environment);
      const messages = buildDialogue({
        head: [
          { role: "system", content: prompts.tryAgainSystem({ timeoutSeconds: deps.timeoutSeconds }) },
          { role: "user", content: prompts.query(task.query) },
        ],
        history,
        window: deps.historyWindow,
        maxObservationChars: deps.maxObservationChars,
        render: {
          assistant: (e) => (e.kind === "step" ? asCodeBlock(e.action) : replyExcerpt(e.reply)),
          user: (e, obs) => (e.kind === "step" ? prompts.observation(obs, e.exitCode, e.timedOut) : prompts.retry(e.reason)),
        },
      });
      const asked = await askModel(deps.chat, messages);
      if ("error" in asked) return asked;
      const parsed = parseCodeBlock(asked.reply);
      return "error" in parsed ? { error: parsed.error, reply: asked.reply } : { action: parsed.action, reply: asked.reply };
    },
  };
}
