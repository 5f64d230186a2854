// The Python (MBPP) reward: the share of tests whose (output, error) equals the gold's.

import type { PythonBreakdown, PythonInput, RewardMode, Score, TestResult } from "./types";
import { REWARD_VERSION } from "./version";

/**
 * Both modes compute the same thing: matching tests / number of tests. A test missing on one
 * side (the submission crashed before it) differs. No tests at all on either side: 1, as two
 * identical empty runs. InterCode's definition has no quirk that changes this number.
 */
export function scorePython(input: PythonInput, mode: RewardMode): Score<PythonBreakdown> {
  const total = Math.max(input.agent.length, input.gold.length);
  const differing: PythonBreakdown["differing"] = [];
  for (let index = 0; index < total; index++) {
    const agent = input.agent[index] ?? null;
    const gold = input.gold[index] ?? null;
    if (agent === null || gold === null || !sameResult(agent, gold)) differing.push({ index, agent, gold });
  }
  const matching = total - differing.length;
  const reward = total === 0 ? 1 : matching / total;
  return {
    mode,
    reward,
    success: matching === total,
    version: REWARD_VERSION,
    breakdown: { matching, total, differing },
  };
}

function sameResult(a: TestResult, b: TestResult): boolean {
  return a.output === b.output && (a.error ?? null) === (b.error ?? null);
}
