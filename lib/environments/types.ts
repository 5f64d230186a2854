import type { PlayableEnvironment } from "../sessions/console";

// What every environment (bash, sql, python, ctf) declares about itself. Adding an environment is a
// folder with its task loader, its image, its console and its reward, and its entry in index.ts.

export const ENVIRONMENTS = ["bash", "sql", "python", "ctf"] as const;
export type EnvironmentName = (typeof ENVIRONMENTS)[number];

/** A task as read from a dataset file, before it has a database id. */
export interface TaskRecord {
  environment: EnvironmentName;
  dataset: string;
  index: number;
  query: string;
  gold: string;
  hardness?: string;
  db?: string;
  fileSystem?: number;
  extra: Record<string, unknown>;
}

export interface Environment {
  name: EnvironmentName;
  title: string;
  description: string;
  /** Whether a person can play it live in Plateau today (and if not, why). */
  playable: { ok: true } | { ok: false; reason: string };
  loadTasks(dataDir: string): TaskRecord[];
  /** What the Play page says of turns and submitting, when it is not Bash's (`submit` when the state answers the task). */
  howToSubmit?: string;
  /** How it plays live (lib/sessions/console.ts); absent while it cannot be played. */
  live?: PlayableEnvironment;
}
