import type { Decision, HistoryEntry, Policy, TaskView } from "../types";
import { promptsFor } from "../prompts/promptsFor";
import { parseCodeBlock } from "../parse/parseCodeBlock";
import { askModel } from "./askModel";
import type { LlmPolicyDeps } from "./LlmPolicyDeps";

/** Single Turn: one command from the model, then submit. */
export function singleTurnPolicy(deps: LlmPolicyDeps): Policy {
  return {
    name: "single-turn",
    async next(history: readonly HistoryEntry[], task: TaskView): Promise<Decision> {
      const prompts = promptsFor(task.environment);
      if (history.length > 0) return { action: "submit" };
      const asked = await askModel(deps.chat, [
        { role: "system", content: prompts.singleTurnSystem({ timeoutSeconds: deps.timeoutSeconds }) },
        { role: "user", content: prompts.query(task.query) },
      ]);
      if ("error" in asked) return asked;
      const parsed = parseCodeBlock(asked.reply);
      return "error" in parsed ? { error: parsed.error, reply: asked.reply } : { action: parsed.action, reply: asked.reply };
    },
  };
}
