import type { ChatMessage } from "../llm/ChatClient";
import type { Decision, HistoryEntry, Policy, TaskView } from "../types";
import { codeBlockFor, promptsFor, type Prompts } from "../prompts/promptsFor";
import { replyExcerpt, truncateObservation } from "../prompts/dialogue";
import { parseCodeBlock } from "../parse/parseCodeBlock";
import { parsePlan } from "../parse/parsePlan";
import { askModel } from "./askModel";
import type { LlmPolicyDeps } from "./LlmPolicyDeps";

/**
 * Plan & Solve: one call for a numbered plan, then one command per plan step, then submit. Each
 * step stores the plan step it carries out (as InterCode's `steps`); the first step that runs
 * also stores the whole plan as its thought. A plan that cannot be read costs a turn and is asked for again.
 * One policy object per episode: it keeps the plan.
 */
export function planSolvePolicy(deps: LlmPolicyDeps): Policy {
  let plan: { steps: string[]; reply: string; from: number } | null = null;
  return {
    name: "plan-solve",
    async next(history: readonly HistoryEntry[], task: TaskView): Promise<Decision> {
      const prompts = promptsFor(task.environment);
      const asCodeBlock = codeBlockFor(task.environment);
      const head: ChatMessage[] = [
        { role: "system", content: prompts.planSystem() },
        { role: "user", content: prompts.query(task.query) },
      ];
      if (!plan) {
        const asked = await askModel(deps.chat, head);
        if ("error" in asked) return asked;
        const steps = parsePlan(asked.reply);
        if (steps.length === 0) return { error: "the plan has no numbered steps", reply: asked.reply };
        plan = { steps, reply: asked.reply, from: history.length };
      }
      const done = history.slice(plan.from);
      const k = done.length;
      if (k >= plan.steps.length) return { action: "submit" };
      const step = plan.steps[k];
      const messages: ChatMessage[] = [
        ...head,
        { role: "assistant", content: plan.reply },
        { role: "system", content: prompts.executePlanSystem({ timeoutSeconds: deps.timeoutSeconds }) },
      ];
      // (user: [previous output +] step i, assistant: its command) for the turns in the window, then the next step.
      const first = Math.max(0, k - deps.historyWindow);
      const stepMessage = (i: number) => {
        const prev = i > 0 ? done[i - 1] : null;
        const before = prev ? `${render(prompts, prev, deps.maxObservationChars)}\n` : "";
        return `${before}${prompts.planStep(plan!.steps[i])}`;
      };
      for (let i = first; i < k; i++) {
        messages.push({ role: "user", content: stepMessage(i) });
        const e = done[i];
        messages.push({ role: "assistant", content: e.kind === "step" ? asCodeBlock(e.action) : replyExcerpt(e.reply) });
      }
      messages.push({ role: "user", content: stepMessage(k) });
      const asked = await askModel(deps.chat, messages);
      const notes = {
        plan: step,
        thought: !done.some((e) => e.kind === "step") ? `Plan:\n${plan.steps.map((s, i) => `${i + 1}. ${s}`).join("\n")}` : null,
      };
      if ("error" in asked) return { ...asked, ...notes };
      const parsed = parseCodeBlock(asked.reply);
      return "error" in parsed
        ? { error: parsed.error, reply: asked.reply, ...notes }
        : { action: parsed.action, reply: asked.reply, ...notes };
    },
  };
}

function render(prompts: Prompts, e: HistoryEntry, maxChars: number): string {
  return e.kind === "step"
    ? prompts.observation(truncateObservation(e.observation, maxChars), e.exitCode, e.timedOut)
    : prompts.retry(e.reason);
}
