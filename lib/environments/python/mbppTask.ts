import { z } from "zod";

// An MBPP task as the Python environment reads it (TaskRecord.extra of tasks.ts), and µCode's split
// of its tests into public ones (the player's feedback) and private ones (the judge's only).

const Extra = z.object({
  tests: z.array(z.string()),
  testSetupCode: z.string().default(""),
});

export interface MbppTask {
  query: string;
  gold: string;
  /**
   * The name the tests call: the gold's first function, as InterCode's `def (\w+)\(` found it, or
   * with a space before the parenthesis, which InterCode's pattern missed (6 tasks: its reward raised there).
   */
  functionName: string;
  setupCode: string;
  publicTests: string[];
  privateTests: string[];
  /** Every test in the task's order, as InterCode's reward runs them. */
  tests: string[];
}

/**
 * The split rule: the task's first test is public, every other one private. MBPP's prompts of the
 * literature show the model one test case; 963 of the 974 tasks have three tests (a few have 4 to 6),
 * so two or more stay private in every task.
 */
export function splitTests(tests: readonly string[]): { publicTests: string[]; privateTests: string[] } {
  return { publicTests: tests.slice(0, 1), privateTests: tests.slice(1) };
}

export function functionNameOf(gold: string): string | null {
  return /def (\w+)\(/.exec(gold)?.[1] ?? /def\s+(\w+)\s*\(/.exec(gold)?.[1] ?? null;
}

export function mbppTask(task: { query: string; gold: string; extra: unknown }): MbppTask {
  const extra = Extra.parse(task.extra);
  const functionName = functionNameOf(task.gold);
  if (!functionName) throw new Error("the gold of this MBPP task defines no function");
  return {
    query: task.query,
    gold: task.gold,
    functionName,
    setupCode: extra.testSetupCode,
    tests: extra.tests,
    ...splitTests(extra.tests),
  };
}

/** What the console is told at start (PLATEAU_PYTHON_TASK): the task, its function and public tests only. */
export function consoleTaskEnv(task: MbppTask): Record<string, string> {
  const shown = { query: task.query, functionName: task.functionName, publicTests: task.publicTests, setupCode: task.setupCode };
  return { PLATEAU_PYTHON_TASK: Buffer.from(JSON.stringify(shown)).toString("base64") };
}
