// Which tasks a study participant gets, and in which order. Pure and seeded, so the same study and
// join number always give the same assignment (it is stored anyway, with the participant).
//
// Balance: participant s takes the k tasks starting at s·k (mod n) of the study's list, so after any
// number of participants every task has been given within ±1 of the mean. Order: fixed (the study's),
// random (shuffled per participant from the study's seed), or latin (cyclic Latin square: participant s
// starts at their (s mod k)-th task, so over k participants each task stands once in each position).

import { mulberry32, shuffle } from "./seededRandom";

export type StudyOrder = "fixed" | "random" | "latin";

export interface AssignmentRule {
  taskIds: number[];
  /** Tasks per participant; null or ≥ n: all of them. */
  perParticipant: number | null;
  order: StudyOrder;
  seed: number;
}

export function assignTasks(rule: AssignmentRule, slot: number): number[] {
  const n = rule.taskIds.length;
  if (n === 0) return [];
  const k = rule.perParticipant === null ? n : Math.max(1, Math.min(rule.perParticipant, n));
  const chosen = Array.from({ length: k }, (_, j) => rule.taskIds[(slot * k + j) % n]);
  if (rule.order === "latin") return chosen.map((_, j) => chosen[(j + slot) % k]);
  if (rule.order === "random") return shuffle(chosen, mulberry32(hash(rule.seed, slot)));
  return chosen;
}

function hash(seed: number, slot: number): number {
  return Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(slot + 1, 0xc2b2ae35);
}
