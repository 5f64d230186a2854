// The public face of the rewards: pure functions over plain data, no sandbox, no database.
// Every submit computes both modes (scoreBoth) and stores both scores, each with its version.

import { scoreBash } from "./bash";
import { scoreCtf } from "./ctf";
import { scorePython } from "./python";
import { scoreSql } from "./sql";
import type {
  BashBreakdown,
  BashInput,
  CtfBreakdown,
  CtfInput,
  PythonBreakdown,
  PythonInput,
  RewardMode,
  Score,
  SqlBreakdown,
  SqlInput,
} from "./types";

export { REWARD_VERSION } from "./version";
export { REWARD_MODES } from "./types";
export type * from "./types";
export { scoreBash, scoreCtf, scorePython, scoreSql };

export interface RewardInputs {
  bash: BashInput;
  sql: SqlInput;
  python: PythonInput;
  ctf: CtfInput;
}

export interface RewardBreakdowns {
  bash: BashBreakdown;
  sql: SqlBreakdown;
  python: PythonBreakdown;
  ctf: CtfBreakdown;
}

export type RewardEnv = keyof RewardInputs;

export type BothScores<E extends RewardEnv> = Record<RewardMode, Score<RewardBreakdowns[E]>>;

const SCORERS: { [E in RewardEnv]: (input: RewardInputs[E], mode: RewardMode) => Score<RewardBreakdowns[E]> } = {
  bash: scoreBash,
  sql: scoreSql,
  python: scorePython,
  ctf: scoreCtf,
};

/** One environment's reward in one mode. */
export function score<E extends RewardEnv>(env: E, input: RewardInputs[E], mode: RewardMode): Score<RewardBreakdowns[E]> {
  const scorer = SCORERS[env] as (input: RewardInputs[E], mode: RewardMode) => Score<RewardBreakdowns[E]>;
  return scorer(input, mode);
}

/** Both modes at once, as every submit stores them: `{ intercode, plateau }`. */
export function scoreBoth<E extends RewardEnv>(env: E, input: RewardInputs[E]): BothScores<E> {
  return { intercode: score(env, input, "intercode"), plateau: score(env, input, "plateau") };
}
