// What stats can be grouped and split by. Client-safe: the Compare page lists these; the SQL for
// each lives in statsSql.ts, chosen from this whitelist and never built from user text.

export const GROUP_KEYS = [
  "run",
  "model",
  "strategy",
  "player",
  "environment",
  "dataset",
  "hardness",
  "fs",
  "source",
  "study",
  "participant",
  "execution",
  "turnLimit",
] as const;
export type GroupKey = (typeof GROUP_KEYS)[number];

export const GROUP_LABELS: Record<GroupKey, string> = {
  run: "Run",
  model: "Model",
  strategy: "Strategy",
  player: "Player kind",
  environment: "Environment",
  dataset: "Dataset",
  hardness: "SQL hardness",
  fs: "Bash file system",
  source: "Source (live / import)",
  study: "Study",
  participant: "Study participant",
  execution: "Execution (terminal / intercode)",
  turnLimit: "Turn limit",
};

/**
 * What grouping by a model or a strategy means on the Compare page: kept apart by environment and
 * turn limit (one gpt-4 group over SQL, Bash and CTF, or over 3- and 10-turn runs, compares nothing).
 */
export const WITH_SETTING: Partial<Record<GroupKey, GroupKey[]>> = {
  model: ["model", "environment", "turnLimit"],
  strategy: ["strategy", "environment", "turnLimit"],
};

// mucode: only Python episodes have it (µCode's public-then-private judgement).
export const SCORE_MODES = ["intercode", "plateau", "mucode"] as const;
export type ScoreMode = (typeof SCORE_MODES)[number];
export const SCORE_MODE_LABELS: Record<ScoreMode, string> = {
  intercode: "InterCode reward",
  plateau: "Plateau reward",
  mucode: "µCode (public → private tests)",
};

/** The label of a missing value in a group key. */
export const NONE = "(none)";
export const KEY_SEPARATOR = " · ";
