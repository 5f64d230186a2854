import type { Decision, HistoryEntry, Policy, TaskView } from "../types";
import type { ChatClient } from "../llm/ChatClient";
import { pythonPrompts, type PythonPromptContext } from "../prompts/pythonPrompts";
import { buildDialogue, replyExcerpt } from "../prompts/dialogue";
import { parseCodeBlock } from "../parse/parseCodeBlock";
import { askModel } from "./askModel";

// µCode's multi-turn Best-of-N at inference: each turn N candidate snippets from the model, each run
// on the public tests in a scratch copy of the episode's state (never in the episode), the best by
// pass rate executed. Ties: the first, or the highest score of an optional verifier (an
// OpenAI-compatible model asked for a score, standing in for µCode's learned verifier). Everything
// the search saw is returned with the decision and stored with the step (Step.search).

export interface PublicTestRun {
  passed: number;
  total: number;
  /** The first failing test's error, as the console shows it (public tests only). */
  error?: string | null;
}

export interface Candidate {
  /** The snippet, or null when the reply had no usable code (then `problem` says why). */
  code: string | null;
  problem?: string;
  reply: string | null;
  tests: PublicTestRun | null;
  verifierScore: number | null;
  /** Pass rate, the number the choice ranks by. */
  score: number;
}

export interface BestOfNSearch {
  n: number;
  candidates: Candidate[];
  chosen: number;
  rule: "pass rate, ties first" | "pass rate, ties by verifier";
}

export interface BestOfNDeps {
  chat: ChatClient;
  n: number;
  historyWindow: number;
  maxObservationChars: number;
  prompt: Omit<PythonPromptContext, "publicTests" | "functionName">;
  /** The task's function and public tests (never the private ones). */
  publicTask(task: TaskView): { functionName: string; publicTests: string[] };
  /** Each candidate run after the episode's code so far, in a scratch copy: its public-test result. */
  tryCandidates(history: readonly HistoryEntry[], candidates: string[]): Promise<PublicTestRun[]>;
  verifier?: ChatClient;
}

/** The index of the candidate to execute: highest pass rate; ties by verifier score, then the first. */
export function chooseCandidate(candidates: readonly Pick<Candidate, "code" | "score" | "verifierScore">[]): number {
  let best = -1;
  candidates.forEach((c, i) => {
    if (c.code === null) return;
    if (best < 0) return void (best = i);
    const b = candidates[best];
    if (c.score > b.score || (c.score === b.score && (c.verifierScore ?? -Infinity) > (b.verifierScore ?? -Infinity))) best = i;
  });
  return best;
}

/** A verifier's answer: the first number in [0, 1] it wrote, else null. */
export function parseVerifierScore(reply: string): number | null {
  const m = /(?:^|[^\d.])(1(?:\.0+)?|0(?:\.\d+)?|\.\d+)(?![\d.])/.exec(reply);
  return m ? Number(m[1]) : null;
}

export function bestOfNPolicy(deps: BestOfNDeps): Policy {
  // what each executed step's candidate scored on the public tests, by its place in the history
  const executedTests: (PublicTestRun | null)[] = [];
  return {
    name: "best-of-n",
    async next(history: readonly HistoryEntry[], task: TaskView): Promise<Decision> {
      const steps = history.filter((e) => e.kind === "step");
      const last = steps.length ? executedTests[steps.length - 1] : null;
      if (last && last.total > 0 && last.passed === last.total) return { action: "submit" };
      const shown = deps.publicTask(task);
      const messages = buildDialogue({
        head: [
          { role: "system", content: pythonPrompts.system({ ...deps.prompt, ...shown }) },
          { role: "user", content: pythonPrompts.query(task.query) },
        ],
        history,
        window: deps.historyWindow,
        maxObservationChars: deps.maxObservationChars,
        render: {
          assistant: (e) => (e.kind === "step" ? "```python\n" + e.action + "\n```" : replyExcerpt(e.reply)),
          user: (e, obs) =>
            e.kind === "step"
              ? pythonPrompts.observation(obs, executedTests[steps.indexOf(e)] ?? null)
              : pythonPrompts.retry(e.reason),
        },
      });
      const asked = await Promise.all(Array.from({ length: deps.n }, () => askModel(deps.chat, messages)));
      const fatal = asked.find((a) => "error" in a && a.fatal);
      if (fatal && "error" in fatal) return { error: fatal.error, fatal: true };
      const candidates: Candidate[] = asked.map((a) => {
        if ("error" in a) return { code: null, problem: a.error, reply: null, tests: null, verifierScore: null, score: 0 };
        const p = parseCodeBlock(a.reply);
        const code = "error" in p || p.action === "submit" ? null : p.action;
        const problem = "error" in p ? p.error : p.action === "submit" ? "a submit is no candidate" : undefined;
        return { code, problem, reply: a.reply, tests: null, verifierScore: null, score: 0 };
      });
      const runnable = candidates.filter((c) => c.code !== null);
      if (!runnable.length)
        return { error: `none of the ${deps.n} replies had usable code (${candidates[0]?.problem ?? "no reply"})` };
      const runs = await deps.tryCandidates(
        history,
        runnable.map((c) => c.code!),
      );
      runnable.forEach((c, i) => {
        c.tests = runs[i];
        c.score = runs[i].total ? runs[i].passed / runs[i].total : 0;
      });
      if (deps.verifier) {
        const v = deps.verifier;
        await Promise.all(
          runnable.map(async (c) => {
            const a = await askModel(v, [{ role: "user", content: pythonPrompts.verifier(task.query, c.code!) }]);
            c.verifierScore = "error" in a ? null : parseVerifierScore(a.reply);
          }),
        );
      }
      const chosen = chooseCandidate(candidates);
      executedTests[steps.length] = candidates[chosen].tests;
      const search: BestOfNSearch = {
        n: deps.n,
        candidates,
        chosen,
        rule: deps.verifier ? "pass rate, ties by verifier" : "pass rate, ties first",
      };
      return { action: candidates[chosen].code!, reply: candidates[chosen].reply, search };
    },
  };
}
