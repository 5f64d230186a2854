import { randomUUID } from "node:crypto";
import type { Prisma } from "../db";
import { LOGGED_VERSION } from "../rewards/version";
import { pgJson, pgText } from "../db/pgSafe";
import type { ImportedEpisode, ImportedStep, ParsedLog } from "./types";

// Writes parsed logs as one Run inside one transaction: all of it, or (on any error) nothing.

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

export type Tx = Prisma.TransactionClient;

// Rows go in as one array per column (INSERT … SELECT FROM unnest): measured 10× faster than
// createMany here (all InterCode logs: 12.5 s with createMany, see bench/stats.ts for the figure now).
const EPISODE_BATCH = 5000;
const STEP_BATCH_ROWS = 10_000;
const STEP_BATCH_BYTES = 8_000_000;

type StepRow = ImportedStep & { episodeId: string };

async function insertEpisodes(tx: Tx, log: ParsedLog, runId: string, ids: string[], taskIds: number[], eps: ImportedEpisode[]) {
  const now = new Date();
  const col = <T>(f: (e: ImportedEpisode) => T) => eps.map(f);
  await tx.$executeRaw`
    INSERT INTO "Episode" (id, "taskId", "runId", "playerKind", model, strategy, source, execution, status, "turnLimit", turns, "errorRate", "startedAt", "endedAt")
    SELECT id, task, ${runId}, ${log.playerKind}, ${log.model}, ${log.strategy}, 'import', 'intercode', 'submitted', lim, turns, err, ${now}, ${now}
    FROM unnest(${ids}::text[], ${taskIds}::int[], ${col((e) => e.turnLimit)}::int[], ${col((e) => e.turns)}::int[], ${col((e) => e.errorRate)}::float8[])
      AS u(id, task, lim, turns, err)`;
  await tx.$executeRaw`
    INSERT INTO "Score" ("episodeId", mode, version, reward, success, "maxRewardIdx", "solvedAtTurn", breakdown, "createdAt")
    SELECT id, 'intercode', ${LOGGED_VERSION}, reward, success, idx, solved, breakdown, ${now}
    FROM unnest(${ids}::text[], ${col((e) => e.score.reward)}::float8[], ${col((e) => e.score.success)}::bool[],
      ${col((e) => e.score.maxRewardIdx)}::int[], ${col((e) => e.score.solvedAtTurn)}::int[], ${col((e) => JSON.stringify(pgJson(e.score.breakdown)))}::jsonb[])
      AS u(id, reward, success, idx, solved, breakdown)`;
}

async function insertSteps(tx: Tx, rows: StepRow[]) {
  if (!rows.length) return;
  const col = <T>(f: (s: StepRow) => T) => rows.map(f);
  const txt = (v: string | null) => (v === null ? null : pgText(v));
  await tx.$executeRaw`
    INSERT INTO "Step" ("episodeId", index, action, observation, admissible, reward, thought, plan)
    SELECT * FROM unnest(${col((s) => s.episodeId)}::text[], ${col((s) => s.index)}::int[], ${col((s) => pgText(s.action))}::text[],
      ${col((s) => pgText(s.observation))}::text[], ${col((s) => s.admissible)}::bool[], ${col((s) => s.reward)}::float8[],
      ${col((s) => txt(s.thought))}::text[], ${col((s) => txt(s.plan))}::text[])`;
}

/** One value when every log agrees, else null. */
function common<T>(values: T[]): T | null {
  return values.every((v) => v === values[0]) ? (values[0] ?? null) : null;
}

async function freeName(tx: Tx, wanted: string): Promise<string> {
  const taken = new Set(
    (await tx.run.findMany({ where: { name: { startsWith: wanted } }, select: { name: true } })).map((r) => r.name),
  );
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
  })) as Prisma.InputJsonValue[];
  const fields = {
    environment: common(parsed.map((l) => l.environment)),
    model: common(parsed.map((l) => l.model)),
    strategy: common(parsed.map((l) => l.strategy)),
    turnLimit: common(parsed.map((l) => l.turnLimit)),
  };

  const existing = runName ? await tx.run.findUnique({ where: { name: runName } }) : null;
  if (existing && existing.kind !== "import")
    throw new Error(`run ${runName} exists and is an ${existing.kind} run: choose another --run name`);
  let run: { id: string; name: string };
  if (existing) {
    const before = existing.config as { files?: Prisma.InputJsonValue[] };
    const same = <K extends keyof typeof fields>(k: K) => (existing[k] === fields[k] ? fields[k] : null);
    run = await tx.run.update({
      where: { id: existing.id },
      data: {
        environment: same("environment"),
        model: same("model"),
        strategy: same("strategy"),
        turnLimit: same("turnLimit"),
        config: { ...(existing.config as object), files: [...(before.files ?? []), ...fileMeta] },
        sourceHashes: { push: parsed.map((l) => l.hash) },
        total: { increment: total },
        finishedAt: new Date(),
      },
      select: { id: true, name: true },
    });
  } else {
    run = await tx.run.create({
      data: {
        // Commas separate run names in URLs (?runs=a,b): a file name's commas become "_".
        name: await freeName(tx, runName ?? parsed[0].baseName.replace(/,/g, "_")),
        kind: "import",
        status: "done",
        ...fields,
        config: { files: fileMeta },
        sourceHashes: parsed.map((l) => l.hash),
        total,
        finishedAt: new Date(),
      },
      select: { id: true, name: true },
    });
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
