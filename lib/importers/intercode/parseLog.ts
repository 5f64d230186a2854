import { createHash } from "node:crypto";
import type { z } from "zod";
import { ImportError } from "../ImportError";
import type { ImportedEpisode, ImportHints, LogVariant, ParsedLog } from "../types";
import { ExperimentEntry, TrajectoryEntry, WrappedLog } from "./logSchema";
import { episodeFromExperiment, episodeFromTrajectory } from "./episodeFromLog";
import { fileNameHints } from "./fileNameHints";

// Any InterCode log variant (INTERCODE.md §5) → one ParsedLog, or an ImportError naming the file,
// the entry and the reason. Pure: no database here (task indexes are checked at import).

const ENVIRONMENTS = ["bash", "sql", "python", "ctf"] as const;

export function contentHash(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function environmentOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const name = value.toLowerCase().replace(/^ic[-_]/, "");
  return (ENVIRONMENTS as readonly string[]).includes(name) ? name : undefined;
}

/** Which task file a log's `dataset` path points at (./data/nl2bash/nl2bash_fs_2.json → nl2bash_fs_2). */
export function datasetFromPath(p: string | undefined): string | undefined {
  if (!p) return undefined;
  const base = p
    .split(/[\\/]/)
    .pop()!
    .replace(/\.json$/i, "")
    .toLowerCase();
  const fs = /nl2bash_fs_(\d)/.exec(base);
  if (fs) return `nl2bash_fs_${fs[1]}`;
  if (base.includes("test_queries")) return "nl2bash_test";
  if (base.includes("spider")) return "spider_dev";
  if (base.includes("mbpp")) return "mbpp";
  if (base.includes("ctf")) return "ctf";
  return undefined;
}

const DEFAULT_DATASET: Record<string, string> = { sql: "spider_dev", python: "mbpp", ctf: "ctf" };

function zodReason(error: z.ZodError): string {
  const i = error.issues[0];
  const where = i.path.length ? `${i.path.join(".")}: ` : "";
  return `${where}${i.message}`;
}

function readJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const why = (err as Error).message;
    const at = /at position (\d+)/.exec(why);
    const atEnd = at ? Number(at[1]) >= text.trimEnd().length : false;
    const hint = atEnd || /end of (JSON )?input|Unterminated/i.test(why) ? " — the file looks truncated" : "";
    throw new ImportError(file, null, `not valid JSON (${why})${hint}`);
  }
}

interface RawEntries {
  variant: LogVariant;
  meta: Record<string, unknown> | null;
  entries: [string, unknown][];
}

function entriesOf(file: string, doc: unknown): RawEntries {
  if (Array.isArray(doc)) return { variant: "trajectory", meta: null, entries: doc.map((v, i) => [String(i), v]) };
  if (typeof doc !== "object" || doc === null)
    throw new ImportError(file, null, "expected a JSON object keyed by task index (an InterCode log)");
  const obj = doc as Record<string, unknown>;
  if ("trajectory" in obj && "query_idx" in obj)
    return { variant: "trajectory", meta: null, entries: [[String(obj.query_idx), obj]] };
  if ("meta" in obj && "logs" in obj) {
    const w = WrappedLog.safeParse(obj);
    if (!w.success) throw new ImportError(file, null, `a {meta, logs} log whose ${zodReason(w.error)}`);
    return { variant: "experiment-wrapped", meta: w.data.meta, entries: Object.entries(w.data.logs) };
  }
  const entries = Object.entries(obj);
  const first = entries[0]?.[1];
  const isTrajectory = typeof first === "object" && first !== null && "trajectory" in first;
  return { variant: isTrajectory ? "trajectory" : "experiment", meta: null, entries };
}

export function parseLog(file: string, content: Uint8Array | string, hints: ImportHints = {}): ParsedLog {
  const text = typeof content === "string" ? content : new TextDecoder().decode(content);
  const doc = readJson(file, text);
  const { variant, meta, entries } = entriesOf(file, doc);
  if (entries.length === 0) throw new ImportError(file, null, "the log has no entries");
  const name = fileNameHints(file);

  // Validate every entry first, so that the first bad one is reported by its key.
  const experiment = variant !== "trajectory";
  const valid = entries.map(([key, value]) => {
    const r = experiment ? ExperimentEntry.safeParse(value) : TrajectoryEntry.safeParse(value);
    if (!r.success) {
      const kind = experiment
        ? "an experiment-log entry (turn_history, summary)"
        : "a trajectory-log entry (query_idx, reward, trajectory)";
      throw new ImportError(file, key, `not ${kind}: ${zodReason(r.error)}`);
    }
    return [key, r.data] as [string, ExperimentEntry | TrajectoryEntry];
  });

  const envs = new Set(valid.map(([, e]) => environmentOf(e.environment)).filter(Boolean));
  if (envs.size > 1)
    throw new ImportError(
      file,
      null,
      `entries from several environments (${[...envs].join(", ")}); import one environment per file`,
    );
  const environment = [...envs][0] ?? name.environment ?? environmentOf(meta?.env as string | undefined);
  if (!environment)
    throw new ImportError(
      file,
      valid[0][0],
      `unknown environment ${JSON.stringify(valid[0][1].environment)} (expected ic_bash, ic_sql, ic_python or ic_ctf)`,
    );

  const nameDataset = environment === "bash" && name.fileSystem ? `nl2bash_fs_${name.fileSystem}` : undefined;
  const datasetFor = (key: string, e: ExperimentEntry | TrajectoryEntry): string => {
    if (hints.dataset) return hints.dataset;
    const fromContent =
      datasetFromPath("dataset" in e ? e.dataset : undefined) ?? datasetFromPath(meta?.data_path as string | undefined);
    if (fromContent && nameDataset && fromContent !== nameDataset && fromContent.startsWith("nl2bash_fs_")) {
      throw new ImportError(
        file,
        key,
        `the file name says file system ${name.fileSystem} but the entry's dataset is ${fromContent}`,
      );
    }
    const d = fromContent ?? nameDataset ?? DEFAULT_DATASET[environment];
    if (!d)
      throw new ImportError(
        file,
        key,
        "cannot tell which Bash file system the task index refers to: put fs_N in the file name or pass --dataset nl2bash_fs_N",
      );
    return d;
  };

  const turnsMax = Math.max(0, ...valid.map(([, e]) => ("summary" in e ? (e.summary.turns_max ?? 0) : 0)));
  const turnLimit = hints.turns ?? (turnsMax || name.turnLimit) ?? null;
  const hasThoughts = valid.some(([, e]) => "turn_history" in e && e.turn_history.thoughts);
  const hasPlans = variant === "experiment-wrapped" || valid.some(([, e]) => "turn_history" in e && e.turn_history.steps);
  const human = hints.player ? hints.player === "human" : name.human;
  let strategy = hints.strategy ?? (hasThoughts ? "react" : hasPlans ? "plan_solve" : human ? undefined : name.strategy) ?? null;
  if (strategy === "try_again" && turnLimit === 1 && !hints.strategy) strategy = "single_turn";

  const episodes: ImportedEpisode[] = valid.map(([key, e]) => {
    const dataset = datasetFor(key, e);
    if ("turn_history" in e) {
      const taskIndex = e.task_id ?? (/^\d+$/.test(key) ? Number(key) : NaN);
      if (!Number.isInteger(taskIndex)) throw new ImportError(file, key, "no task_id, and the key is not a task index");
      return episodeFromExperiment(e, key, { dataset, taskIndex, turnLimit, overrideTurnLimit: hints.turns !== undefined });
    }
    return episodeFromTrajectory(e, key, { dataset, taskIndex: e.query_idx, turnLimit });
  });

  return {
    file,
    hash: contentHash(content),
    variant,
    environment,
    playerKind: human ? "human" : "agent",
    model: hints.model ?? (human ? null : (name.model ?? null)),
    strategy,
    turnLimit,
    baseName: name.base,
    meta,
    episodes,
  };
}
