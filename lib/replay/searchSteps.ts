import type { ReplayStep } from "./types";

export type SearchField = "action" | "observation" | "thought" | "plan";

/** One place the query occurs: in turn `turn` (1-based), in a field, at [start, end) of its text. */
export interface StepMatch {
  turn: number;
  field: SearchField;
  start: number;
  end: number;
}

const FIELDS: SearchField[] = ["action", "observation", "thought", "plan"];
/** Enough to jump through; a query matching more than this in one episode is too vague to read one by one. */
const MAX_MATCHES = 10_000;

/** Every occurrence of `query` (case-insensitive) in the steps' actions, observations, thoughts and plans, in turn order. */
export function searchSteps(steps: readonly ReplayStep[], query: string): StepMatch[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const out: StepMatch[] = [];
  steps.forEach((step, i) => {
    for (const field of FIELDS) {
      const text = step[field];
      if (!text) continue;
      const lower = text.toLowerCase();
      for (let at = lower.indexOf(q); at !== -1; at = lower.indexOf(q, at + q.length)) {
        out.push({ turn: i + 1, field, start: at, end: at + q.length });
        if (out.length >= MAX_MATCHES) return;
      }
    }
  });
  return out;
}

/**
 * The match to go to from turn `turn` (and the match shown now, if any): the next one after it,
 * or the previous one before it, wrapping around at the ends.
 */
export function stepToMatch(
  matches: readonly StepMatch[],
  current: number | null,
  turn: number,
  direction: 1 | -1,
): number | null {
  if (matches.length === 0) return null;
  if (current !== null && matches[current]) return (current + direction + matches.length) % matches.length;
  if (direction === 1) {
    const i = matches.findIndex((m) => m.turn >= turn);
    return i === -1 ? 0 : i;
  }
  for (let i = matches.length - 1; i >= 0; i--) if (matches[i].turn <= turn) return i;
  return matches.length - 1;
}
