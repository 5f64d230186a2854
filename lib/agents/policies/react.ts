import type { Decision, HistoryEntry, Policy, TaskView } from "../types";
import { promptsFor } from "../prompts/promptsFor";
import { buildDialogue, replyExcerpt } from "../prompts/dialogue";
import { parseReAct } from "../parse/parseReAct";
import { askModel } from "./askModel";
import type { LlmPolicyDeps } from "./LlmPolicyDeps";

/** ReAct: "Thought: … / Action: execute[…] | submit" each turn; the thought is stored on the step. */
export function reactPolicy(deps: LlmPolicyDeps): Policy {
  return {
    name: "react",
    async next(history: readonly HistoryEntry[], task: TaskView): Promise<Decision> {
      const prompts = promptsFor(task.environment);
      const messages = buildDialogue({
        head: [
          { role: "system", content: prompts.reactSystem({ timeoutSeconds: deps.timeoutSeconds }) },
          { role: "user", content: prompts.query(task.query) },
        ],
        history,
        window: deps.historyWindow,
        maxObservationChars: deps.maxObservationChars,
        render: {
          assistant: (e) =>
            e.kind === "step" ? `Thought: ${e.thought ?? ""}\nAction: execute[${e.action}]` : replyExcerpt(e.reply),
          user: (e, obs) =>
            e.kind === "step" ? prompts.reactObservation(obs, e.exitCode, e.timedOut) : prompts.reactRetry(e.reason),
        },
      });
      const asked = await askModel(deps.chat, messages, ["\nObservation"]);
      if ("error" in asked) return asked;
      const parsed = parseReAct(asked.reply);
      if ("error" in parsed) return { error: parsed.error, thought: parsed.thought || null, reply: asked.reply };
      return { action: parsed.action, thought: parsed.thought || null, reply: asked.reply };
    },
  };
}
