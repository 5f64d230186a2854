import type { Db } from "../../db";
import { Prisma } from "../../db/client";
import { RESCORED_VERSION } from "../../rewards/version";
import { pgJson } from "../../db/pgSafe";
import { REWARD_MODES } from "../../rewards";
import { taskPlayability } from "../../environments";
import { episodeScore } from "./episodeScore";
import { replayEpisode, type LoggedEpisode, type ReplayEngine, type Replayed } from "./replayEpisode";
import { RescoreError } from "./RescoreError";
import { readRescoreReport, type RescoreDetail, type RescoreReport } from "./rescoreReport";

// `plateau rescore --run NAME`: every episode of an imported run replayed on the engine
// (replayEpisode), its re-scored rewards stored beside the logged one (Score version "rescored",
// both modes, on the imported episode), the replays kept as the episodes of a run of their own.
// Resumable: an episode is done once its re-scored scores are stored (one transaction with the
// check of its steps); a replay cut off before that is deleted and played again.

export interface RescoreOptions {
  run: string;
  concurrency: number;
  /** Per action, as InterCode's 10 s. */
  timeoutMs?: number;
  /** Environments that play live (the others' episodes are left out, and counted). */
  playable: readonly string[];
  onProgress?(p: { done: number; total: number; episodeId: string; error: string | null }): void;
  signal?: AbortSignal;
}

export const rescoreRunName = (name: string) => `${name} · rescored`;

/** The imported run of this name, or why it cannot be re-scored. */
export async function rescorableRun(prisma: Db, name: string, playable: readonly string[]) {
  const source = await prisma.run.findUnique({ where: { name } });
  if (!source) throw new RescoreError(`no run is named ${JSON.stringify(name)}`);
  if (source.kind !== "import") {
    throw new RescoreError(
      `run ${JSON.stringify(name)} is not an imported run (its kind is "${source.kind}"): only imported runs are re-scored, their logs having the observations and rewards to check`,
    );
  }
  const envs = await prisma.$queryRaw<{ environment: string; n: number }[]>`
    SELECT t.environment, count(*)::int AS n FROM "Episode" e JOIN "Task" t ON t.id = e."taskId" WHERE e."runId" = ${source.id} GROUP BY 1 ORDER BY 1`;
  if (!envs.some((e) => playable.includes(e.environment))) {
    const list = envs.map((e) => e.environment).join(", ") || "none";
    throw new RescoreError(
      `run ${JSON.stringify(name)} has no episodes of an environment that plays live (its environments: ${list}; live: ${playable.join(", ")})`,
    );
  }
  return { ...source, replayable: envs.filter((e) => playable.includes(e.environment)).reduce((n, e) => n + e.n, 0) };
}

export async function rescoreRun(prisma: Db, engine: ReplayEngine, o: RescoreOptions): Promise<RescoreReport> {
  if (!(Number.isInteger(o.concurrency) && o.concurrency >= 1))
    throw new RescoreError(`concurrency must be a whole number from 1, not ${o.concurrency}`);
  const source = await rescorableRun(prisma, o.run, o.playable);
  const target = await rescoreTarget(prisma, source);
  const todo = await prisma.episode.findMany({
    where: {
      runId: source.id,
      task: { environment: { in: [...o.playable] } },
      scores: { none: { mode: "intercode", version: RESCORED_VERSION } },
    },
    select: { id: true, task: { select: { environment: true, query: true, extra: true } } },
    orderBy: { id: "asc" },
  });
  // An unplayable task (CTF: a file absent) is never replayed: left out of the total, so a run
  // holding one can finish; the report counts it under its reason.
  const playable = todo.filter((t) => taskPlayability(t.task).ok);
  const all = source.replayable - (todo.length - playable.length);
  let done = all - playable.length;
  o.onProgress?.({ done, total: all, episodeId: "", error: null });
  const queue = playable.map((t) => t.id);
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined && !o.signal?.aborted; id = queue.shift()) {
      let error: string | null;
      try {
        error = await rescoreEpisode(prisma, engine, id, target, o.timeoutMs ?? 10_000);
      } catch (err) {
        error = (err as Error).message || String(err);
      }
      done += error ? 0 : 1;
      o.onProgress?.({ done, total: all, episodeId: id, error });
    }
  };
  await Promise.all(Array.from({ length: Math.min(o.concurrency, queue.length) }, worker));
  const finished = !o.signal?.aborted && done === all;
  await prisma.run.update({
    where: { id: target },
    data: { status: finished ? "done" : "running", finishedAt: finished ? new Date() : null, total: all },
  });
  return readRescoreReport(prisma, source.id, o.playable);
}

/**
 * The run holding the replays, made on the first rescore. Replays an interrupted rescore left
 * unfinished are removed (an active one may be another rescore's, still playing: left alone).
 */
async function rescoreTarget(
  prisma: Db,
  source: {
    id: string;
    name: string;
    environment: string | null;
    model: string | null;
    strategy: string | null;
    turnLimit: number | null;
  },
): Promise<string> {
  const name = rescoreRunName(source.name);
  const run = await prisma.run.upsert({
    where: { name },
    create: {
      name,
      kind: "rescore",
      environment: source.environment,
      model: source.model,
      strategy: source.strategy,
      turnLimit: source.turnLimit,
      status: "running",
      config: { execution: "intercode", rescoreOf: source.id },
    },
    update: { status: "running" },
  });
  if (run.kind !== "rescore")
    throw new RescoreError(`a run named ${JSON.stringify(name)} exists and is not a rescore: rename it first`);
  await prisma.$executeRaw`
    DELETE FROM "Episode" r WHERE r."runId" = ${run.id} AND r.status <> 'active' AND NOT EXISTS (
      SELECT 1 FROM "Score" s JOIN "Episode" e ON e.id = s."episodeId"
      WHERE e."runId" = ${source.id} AND s.version = ${RESCORED_VERSION} AND s.mode = 'intercode' AND s.breakdown->'rescore'->>'replayEpisodeId' = r.id)`;
  return run.id;
}

/** Replay one imported episode and store its re-scored scores; the reason when it could not be. */
async function rescoreEpisode(
  prisma: Db,
  engine: ReplayEngine,
  id: string,
  runId: string,
  timeoutMs: number,
): Promise<string | null> {
  const ep = await prisma.episode.findUniqueOrThrow({
    where: { id },
    include: { task: true, steps: { orderBy: { index: "asc" }, select: { index: true, action: true, observation: true } } },
  });
  const logged: LoggedEpisode = { id, task: ep.task, strategy: ep.strategy, model: ep.model, turns: ep.turns, steps: ep.steps };
  const replayed = await replayEpisode(engine, logged, { runId, timeoutMs });
  if (replayed.error) {
    await prisma.episode.deleteMany({ where: { id: replayed.replayEpisodeId } });
    return replayed.error;
  }
  await storeRescored(prisma, logged, replayed);
  return null;
}

async function storeRescored(prisma: Db, logged: LoggedEpisode, r: Replayed): Promise<void> {
  const rows = REWARD_MODES.flatMap((mode) => {
    const s = episodeScore(r.turns, mode, logged.turns);
    if (!s) return [];
    // The replay, each scored turn, and (on the intercode score, which the report reads) the check of every step.
    const rescore: RescoreDetail = {
      replayEpisodeId: r.replayEpisodeId,
      turns: s.turns,
      ...(mode === "intercode" ? { steps: r.checks } : {}),
    };
    const breakdown = { ...s.breakdown, rescore };
    return [
      {
        episodeId: logged.id,
        mode,
        version: RESCORED_VERSION,
        reward: s.reward,
        success: s.success,
        maxRewardIdx: s.maxRewardIdx,
        solvedAtTurn: s.solvedAtTurn,
        breakdown: pgJson(breakdown) as Prisma.InputJsonObject,
        gold: (pgJson(s.gold) ?? undefined) as Prisma.InputJsonValue | undefined,
      },
    ];
  });
  await prisma.$transaction([
    prisma.score.deleteMany({ where: { episodeId: logged.id, version: RESCORED_VERSION } }),
    prisma.score.createMany({ data: rows }),
  ]);
}
