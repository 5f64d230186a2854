// What a parsed log looks like before it reaches the database: plain data, one shape for every variant.

export type LogVariant = "experiment" | "experiment-wrapped" | "trajectory";

import type { ImportedStep } from "../episodes/step";

export type { ImportedStep };

export interface ImportedScore {
  reward: number;
  success: boolean;
  maxRewardIdx: number | null;
  solvedAtTurn: number | null;
  breakdown: Record<string, unknown>;
}

export interface ImportedEpisode {
  /** The entry's key in the file (for error messages). */
  entry: string;
  dataset: string;
  taskIndex: number;
  turns: number;
  errorRate: number | null;
  turnLimit: number | null;
  steps: ImportedStep[];
  score: ImportedScore;
}

export interface ParsedLog {
  file: string;
  hash: string;
  variant: LogVariant;
  environment: string;
  playerKind: "agent" | "human";
  model: string | null;
  strategy: string | null;
  turnLimit: number | null;
  /** Default Run name: the file's name without folders and extension. */
  baseName: string;
  meta: Record<string, unknown> | null;
  episodes: ImportedEpisode[];
}

/** What the person importing may say instead of what the file name and content say. */
export interface ImportHints {
  model?: string;
  strategy?: string;
  turns?: number;
  player?: "agent" | "human";
  dataset?: string;
}
