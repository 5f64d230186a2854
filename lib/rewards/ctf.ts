// The CTF reward: 1 when the submitted flag equals the gold flag ignoring case, else 0.

import type { CtfBreakdown, CtfInput, RewardMode, Score } from "./types";
import { REWARD_VERSION } from "./version";

/**
 * intercode: InterCode took `action.split(" ")[1]` of "submit <flag>", i.e. the flag ends at the
 * first space of `submitted` ("picoCTF{a b}" is read as "picoCTF{a"; a second space right after
 * "submit" reads an empty flag); the gold is used as it is.
 * plateau: the whole submission and the gold, each trimmed of surrounding whitespace (a pasted
 * newline or a double space does not make a right flag wrong); inner spaces are kept.
 * Both compare with lowercase on each side.
 */
export function scoreCtf(input: CtfInput, mode: RewardMode): Score<CtfBreakdown> {
  const notes: string[] = [];
  let flag: string;
  let gold: string;
  if (mode === "intercode") {
    flag = input.submitted.split(" ")[0] ?? "";
    gold = input.gold;
    if (flag !== input.submitted) notes.push(`InterCode read the flag up to the first space: ${JSON.stringify(flag)}`);
  } else {
    flag = input.submitted.trim();
    gold = input.gold.trim();
  }
  const success = flag.toLowerCase() === gold.toLowerCase();
  return { mode, reward: success ? 1 : 0, success, version: REWARD_VERSION, breakdown: { flag, gold, notes } };
}
