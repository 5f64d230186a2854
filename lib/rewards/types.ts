// The shapes the reward functions read and return. Inputs are plain data an environment adapter
// collects from the containers; every breakdown is JSON-serialisable and meant to be read by people.

/**
 * `intercode`: InterCode's numbers, reproduced with the quirks that change them.
 * `plateau`: what the paper means. Both are computed at every submit and stored on the episode.
 */
export type RewardMode = "intercode" | "plateau";
export const REWARD_MODES: readonly RewardMode[] = ["intercode", "plateau"];

export interface Score<B> {
  mode: RewardMode;
  /** intercode: the number InterCode would have logged (it may be < 0 for SQL); plateau: in [0, 1]. */
  reward: number;
  /** The episode counts as solved (reward == 1 as each mode defines it). */
  success: boolean;
  /** REWARD_VERSION of the code that computed this score. */
  version: string;
  breakdown: B;
}

// ---------------------------------------------------------------------------------------------
// Bash

/**
 * One entry of `git status` run at "/" in a container (read it with
 * `git status --porcelain -z` so that paths arrive unquoted). Give them in the order git prints them.
 */
export interface FileChange {
  /**
   * The real path, relative to "/" as git prints it ("testbed/dir1/a.txt", "system/special
   * text3.txt"), unquoted. An untracked folder is shown by git as one entry ending in "/"
   * ("testbed/new/", even when it holds nested new folders); keep that slash. Renames/copies: the new path.
   */
  path: string;
  /**
   * The two-letter XY code with its blanks removed: " M" and "M " → "M", "MM", "A", "AM", "D",
   * "R", "C", "??" (untracked), "UU"… Blanks are trimmed again here, so an untrimmed code is fine.
   */
  status: string;
  /** Renames and copies only: the old path. */
  from?: string;
}

export interface BashSide {
  changes: FileChange[];
  /**
   * A content hash for each changed path that exists: md5 of a file, a recursive hash of a folder
   * (keyed by the folder path with its trailing "/"). Any hash works if both sides use the same.
   * A path without an entry could not be hashed (e.g. it was deleted).
   */
  hashes: Record<string, string>;
  /** Agent: the output of its last action before submit. Gold: the output of the gold command. */
  output: string;
}

export interface BashInput {
  agent: BashSide;
  gold: BashSide;
}

export interface BashBreakdown {
  /** P1 = round(0.33 × (1 − erf(|missing| + |extra|)), 2): 0.33 / 0.05 / 0 for 0 / 1 / ≥ 2 differences. */
  fileDiff: number;
  /** P2 = round(0.33 × matches / compared, 2), or 0.33 when nothing is compared. */
  fileContent: number;
  /** P3 = round(0.33 × similarity, 2). */
  outputSimilarity: number;
  /** Changes the gold made that the agent did not, as this mode reads the change lists. */
  missing: FileChange[];
  /** Changes the agent made that the gold did not. */
  extra: FileChange[];
  /** Paths changed by both whose contents were compared. */
  compared: string[];
  /** The compared paths whose contents differ. */
  hashMismatches: string[];
  /** TF-IDF cosine of the two outputs, 0…1. */
  similarity: number;
  /** In words: quirks that applied, fallbacks taken. */
  notes: string[];
}

// ---------------------------------------------------------------------------------------------
// SQL

/** Result rows, each row one array of cell values as the driver returned them. */
export type Rows = unknown[][];

export interface SqlInput {
  /** The agent's last observation: rows, an error, or null for a statement without a result set. */
  agent: Rows | { error: string } | null;
  /** The gold query's rows. */
  gold: Rows;
  /** The gold query's text (plateau mode scores order only when it has an outer ORDER BY). */
  goldQuery: string;
}

export interface RowSample {
  /** The row, with values made JSON-safe (bigint and non-finite numbers as strings, Date as ISO). */
  row: unknown[];
  /** How many more times this row is on that side. */
  count: number;
}

export interface SqlBreakdown {
  /** Why the agent's observation is not rows (its error text), else null. */
  agentError: string | null;
  /** Multiset intersection over union of the rows, Σ min(count) / Σ max(count); 1 when both are empty. */
  iou: number;
  /** Kendall's τ-b between the two orders of the common rows; null when undefined (as SciPy's NaN). */
  tau: number | null;
  /** The gold query's outermost SELECT has ORDER BY. */
  goldHasOrderBy: boolean;
  /** The order factor was multiplied into the reward. */
  orderApplied: boolean;
  agentRowCount: number;
  goldRowCount: number;
  /** Rows in both, counted with multiplicity (Σ min(count)). */
  commonRowCount: number;
  /** Up to 5 gold rows the agent lacks. */
  missingRows: RowSample[];
  /** Up to 5 agent rows the gold lacks. */
  extraRows: RowSample[];
  notes: string[];
}

// ---------------------------------------------------------------------------------------------
// Python (MBPP)

/** The result of one test run: what it printed and the error it raised (null when none). */
export interface TestResult {
  output: string;
  error: string | null;
}

export interface PythonInput {
  /** Per test, in the task's order: the submitted function's results. */
  agent: TestResult[];
  /** The same tests run with the gold function. */
  gold: TestResult[];
}

export interface PythonBreakdown {
  /** Tests whose (output, error) equals the gold's. */
  matching: number;
  total: number;
  /** The tests that differ, with both sides (null where a side has no result for that test). */
  differing: Array<{ index: number; agent: TestResult | null; gold: TestResult | null }>;
}

// ---------------------------------------------------------------------------------------------
// CTF

export interface CtfInput {
  /** Everything the agent typed after "submit " (the word and one space), verbatim. */
  submitted: string;
  gold: string;
}

export interface CtfBreakdown {
  /** The flag as this mode reads it from `submitted`. */
  flag: string;
  gold: string;
  notes: string[];
}
