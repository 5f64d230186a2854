import { randomUUID } from "node:crypto";
import type pg from "pg";
import { LOGGED_VERSION } from "../rewards/version";
import { pgJson, pgText } from "../db/pgSafe";
import type { ImportedEpisode, ImportedStep, ParsedLog } from "./types";

// Writes parsed logs as one Run inside one transaction: all of it, or (on any error) nothing.
// Straight on a pg connection (lib/db/client.ts pgPool), not through Prisma: see bench/stats.ts.

export interface WrittenRun {
  id: string;
  name: string;
  episodes: number;
  files: string[];
  /** false when the files were added to an existing import run (--run NAME). */
  created: boolean;
}

export interface WriteProgress {
  file: string;
  /** Episodes written so far in this run, and in all. */
  done: number;
  total: number;
}

/** A pg connection inside the import's transaction. */
export type Tx = pg.ClientBase;

// Rows go in as one array per column (INSERT … SELECT FROM unnest): measured 10× faster than
// createMany here (all InterCode logs: 12.5 s with createMany), and 4× faster again on pg than
// through Prisma's $executeRaw (see bench/stats.ts for the figure now).
const EPISODE_BATCH = 5000;
const STEP_BATCH_ROWS = 10_000;
const STEP_BATCH_BYTES = 8_000_000;

type StepRow = ImportedStep & { episodeId: string };

/** Now as Prisma stores a DateTime: UTC in a timestamp without time zone (the server's TimeZone aside). */
const utcNow = () => new Date().toISOString();

async function insertEpisodes(tx: Tx, log: ParsedLog, runId: string, ids: string[], taskIds: number[], eps: ImportedEpisode[]) {
  const now = utcNow();
  const col = <T>(f: (e: ImportedEpisode) => T) => eps.map(f);
  await tx.query(
    `INSERT INTO "Episode" (id, "taskId", "runId", "playerKind", model, strategy, source, execution, status, "turnLimit", turns, "errorRate", "startedAt", "endedAt")
    SELECT id, task, $1, $2, $3, $4, 'import', 'intercode', 'submitted', lim, turns, err, $5::timestamp, $5::timestamp
    FROM unnest($6::text[], $7::int[], $8::int[], $9::int[], $10::float8[]) AS u(id, task, lim, turns, err)`,
    [
      runId,
      log.playerKind,
      log.model,
      log.strategy,
      now,
      ids,
      taskIds,
      col((e) => e.turnLimit),
      col((e) => e.turns),
      col((e) => e.errorRate),
    ],
  );
  await tx.query(
    `INSERT INTO "Score" ("episodeId", mode, version, reward, success, "maxRewardIdx", "solvedAtTurn", breakdown, "createdAt")
    SELECT id, 'intercode', $1, reward, success, idx, solved, breakdown, $2::timestamp
    FROM unnest($3::text[], $4::float8[], $5::bool[], $6::int[], $7::int[], $8::jsonb[]) AS u(id, reward, success, idx, solved, breakdown)`,
    [
      LOGGED_VERSION,
      now,
      ids,
      col((e) => e.score.reward),
      col((e) => e.score.success),
      col((e) => e.score.maxRewardIdx),
      col((e) => e.score.solvedAtTurn),
      col((e) => JSON.stringify(pgJson(e.score.breakdown))),
    ],
  );
}

async function insertSteps(tx: Tx, rows: StepRow[]) {
  if (!rows.length) return;
  const col = <T>(f: (s: StepRow) => T) => rows.map(f);
  const txt = (v: string | null) => (v === null ? null : pgText(v));
  await tx.query(
    `INSERT INTO "Step" ("episodeId", index, action, observation, admissible, reward, thought, plan)
    SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::bool[], $6::float8[], $7::text[], $8::text[])`,
    [
      col((s) => s.episodeId),
      col((s) => s.index),
      col((s) => pgText(s.action)),
      col((s) => pgText(s.observation)),
      col((s) => s.admissible),
      col((s) => s.reward),
      col((s) => txt(s.thought)),
      col((s) => txt(s.plan)),
    ],
  );
}

type ExistingRun = {
  id: string;
  kind: string;
  environment: string | null;
  model: string | null;
  strategy: string | null;
  turnLimit: number | null;
  config: unknown;
};

/** One value when every log agrees, else null. */
function common<T>(values: T[]): T | null {
  return values.every((v) => v === values[0]) ? (values[0] ?? null) : null;
}

async function freeName(tx: Tx, wanted: string): Promise<string> {
  const found = await tx.query<{ name: string }>(`SELECT name FROM "Run" WHERE starts_with(name, $1)`, [wanted]);
  const taken = new Set(found.rows.map((r) => r.name));
  if (!taken.has(wanted)) return wanted;
  for (let i = 2; ; i++) if (!taken.has(`${wanted}-${i}`)) return `${wanted}-${i}`;
}

export async function writeRun(
  tx: Tx,
  logs: { log: ParsedLog; taskIds: number[] }[],
  runName: string | undefined,
  onProgress?: (p: WriteProgress) => void,
): Promise<WrittenRun> {
  const parsed = logs.map((l) => l.log);
  const total = parsed.reduce((s, l) => s + l.episodes.length, 0);
  const fileMeta = parsed.map((l) => ({
    name: l.file,
    hash: l.hash,
    variant: l.variant,
    episodes: l.episodes.length,
    model: l.model,
    strategy: l.strategy,
    turnLimit: l.turnLimit,
    playerKind: l.playerKind,
    ...(l.meta ? { meta: pgJson(l.meta) } : {}),
  }));
  const fields = {
    environment: common(parsed.map((l) => l.environment)),
    model: common(parsed.map((l) => l.model)),
    strategy: common(parsed.map((l) => l.strategy)),
    turnLimit: common(parsed.map((l) => l.turnLimit)),
  };

  const [existing] = runName
    ? (
        await tx.query<ExistingRun>(
          `SELECT id, kind, environment, model, strategy, "turnLimit", config FROM "Run" WHERE name = $1`,
          [runName],
        )
      ).rows
    : [];
  if (existing && existing.kind !== "import")
    throw new Error(`run ${runName} exists and is an ${existing.kind} run: choose another --run name`);
  const hashes = parsed.map((l) => l.hash);
  let run: { id: string; name: string };
  if (existing) {
    const before = existing.config as { files?: unknown[] };
    const same = <K extends keyof typeof fields>(k: K) => (existing[k] === fields[k] ? fields[k] : null);
    const config = { ...(existing.config as object), files: [...(before.files ?? []), ...fileMeta] };
    run = (
      await tx.query<{ id: string; name: string }>(
        `UPDATE "Run" SET environment = $2, model = $3, strategy = $4, "turnLimit" = $5, config = $6,
          "sourceHashes" = "sourceHashes" || $7::text[], total = total + $8, "finishedAt" = $9::timestamp
        WHERE id = $1 RETURNING id, name`,
        [existing.id, same("environment"), same("model"), same("strategy"), same("turnLimit"), config, hashes, total, utcNow()],
      )
    ).rows[0];
  } else {
    // Commas separate run names in URLs (?runs=a,b): a file name's commas become "_".
    const name = await freeName(tx, runName ?? parsed[0].baseName.replace(/,/g, "_"));
    run = (
      await tx.query<{ id: string; name: string }>(
        `INSERT INTO "Run" (id, name, kind, status, environment, model, strategy, "turnLimit", config, "sourceHashes", total, "createdAt", "finishedAt")
        VALUES ($1, $2, 'import', 'done', $3, $4, $5, $6, $7, $8, $9, $10::timestamp, $10::timestamp) RETURNING id, name`,
        [
          randomUUID(),
          name,
          fields.environment,
          fields.model,
          fields.strategy,
          fields.turnLimit,
          { files: fileMeta },
          hashes,
          total,
          utcNow(),
        ],
      )
    ).rows[0];
  }

  let done = 0;
  for (const { log, taskIds } of logs) {
    const ids = log.episodes.map(() => randomUUID());
    for (let i = 0; i < log.episodes.length; i += EPISODE_BATCH) {
      await insertEpisodes(
        tx,
        log,
        run.id,
        ids.slice(i, i + EPISODE_BATCH),
        taskIds.slice(i, i + EPISODE_BATCH),
        log.episodes.slice(i, i + EPISODE_BATCH),
      );
    }
    let batch: StepRow[] = [];
    let bytes = 0;
    for (let i = 0; i < log.episodes.length; i++) {
      for (const s of log.episodes[i].steps) {
        batch.push({ ...s, episodeId: ids[i] });
        bytes += s.action.length + s.observation.length + (s.thought?.length ?? 0) + (s.plan?.length ?? 0) + 64;
        if (batch.length >= STEP_BATCH_ROWS || bytes >= STEP_BATCH_BYTES) {
          await insertSteps(tx, batch);
          batch = [];
          bytes = 0;
          onProgress?.({ file: log.file, done: done + i + 1, total });
        }
      }
    }
    await insertSteps(tx, batch);
    done += log.episodes.length;
    onProgress?.({ file: log.file, done, total });
  }
  return { id: run.id, name: run.name, episodes: total, files: parsed.map((l) => l.file), created: !existing };
}
