import type { GroupKey, ScoreMode } from "./groupKeys";

// The JSON of GET /api/stats and `plateau stats --json`. Percentages are 0–100, not rounded.

export interface SrAtK {
  k: number;
  solved: number;
  /** Share of the group's episodes solved within k turns (INTERCODE.md §6 SR@k), with its Wilson 95 % interval. */
  sr: number;
  low: number;
  high: number;
}

export interface ErrorAtTurn {
  k: number;
  /** Episodes with a known admissible flag for their k-th action. */
  n: number;
  errors: number;
  pct: number | null;
}

export interface Summary {
  n: number;
  solved: number;
  sr: number;
  srLow: number;
  srHigh: number;
  /** Mean turns taken. */
  turns: number | null;
  /** Mean share of inadmissible actions; null when no episode says (Python logs). */
  errorPct: number | null;
  /** Episodes that count in errorPct. */
  errorN: number;
  /** Episodes in n that ended without a score (skipped, or stopped by an error), counted as unsolved. */
  unscored: number;
}

export interface GroupStats extends Summary {
  key: string;
  values: Partial<Record<GroupKey, string | null>>;
  turnLimit: number | null;
  srAtK: SrAtK[];
  errorByTurn: ErrorAtTurn[];
}

export interface SplitStats extends Summary {
  key: string;
  split: string | null;
}

export interface OverlapPair {
  a: string;
  b: string;
  /** Tasks both groups attempted; the four lists partition them (task ids). */
  tasks: number;
  both: number[];
  onlyA: number[];
  onlyB: number[];
  neither: number[];
}

export interface StatsResult {
  mode: ScoreMode;
  group: GroupKey[];
  split: GroupKey | null;
  filters: Record<string, string | string[]>;
  k: number;
  groups: GroupStats[];
  splits: SplitStats[] | null;
  overlap: OverlapPair[] | null;
  notes: string[];
}
