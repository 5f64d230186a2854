import type { Db } from "../../db";
import type { RunStatus } from "./protocol";
import type { EpisodeStatus } from "../../episodes/episodeStatus";

// The batch-run queries, in one place: runs, their episodes' outcomes, and what is left to play.

/** Episode statuses that finish a task for a run. interrupted/abandoned/active ones are played again on resume. */
export const FINISHED: EpisodeStatus[] = ["submitted", "skipped", "error"];

export interface RunCounts {
  finishedTaskIds: Set<number>;
  succeeded: number;
  errors: number;
}

export async function runCounts(prisma: Db, runId: string): Promise<RunCounts> {
  const rows = await prisma.episode.findMany({
    where: { runId, status: { in: FINISHED } },
    select: { taskId: true, status: true, scores: { where: { mode: "plateau" }, select: { success: true } } },
    orderBy: { startedAt: "asc" },
  });
  const byTask = new Map<number, { status: EpisodeStatus; success: boolean }>();
  for (const r of rows) byTask.set(r.taskId, { status: r.status, success: r.scores[0]?.success ?? false });
  let succeeded = 0;
  let errors = 0;
  for (const v of byTask.values()) {
    if (v.success) succeeded += 1;
    if (v.status === "error") errors += 1;
  }
  return { finishedTaskIds: new Set(byTask.keys()), succeeded, errors };
}

export async function setRunStatus(prisma: Db, runId: string, status: RunStatus, failure?: string): Promise<void> {
  const ended = status === "done" || status === "failed" || status === "cancelled";
  if (failure) {
    const run = await prisma.run.findUnique({ where: { id: runId }, select: { config: true } });
    await prisma.run.update({
      where: { id: runId },
      data: { status, finishedAt: new Date(), config: { ...(run?.config as object), failure } },
    });
    return;
  }
  await prisma.run.update({ where: { id: runId }, data: { status, finishedAt: ended ? new Date() : null } });
}

export async function runsToResume(prisma: Db): Promise<string[]> {
  const rows = await prisma.run.findMany({
    where: { kind: "agent", status: { in: ["running", "queued"] } },
    select: { id: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => r.id);
}

/** An episode that never got a sandbox: recorded so the failure is visible and the task counts as done. */
export async function recordStartFailure(
  prisma: Db,
  e: { runId: string; taskId: number; model: string | null; strategy: string; turnLimit: number; error: string },
): Promise<string> {
  const row = await prisma.episode.create({
    data: {
      taskId: e.taskId,
      runId: e.runId,
      playerKind: "agent",
      model: e.model,
      strategy: e.strategy,
      turnLimit: e.turnLimit,
      status: "error",
      error: e.error,
      endedAt: new Date(),
      errorRate: 1,
    },
    select: { id: true },
  });
  return row.id;
}

/** Turns lost to the model (no usable action) in an episode that otherwise finished. */
export async function noteFailures(prisma: Db, episodeId: string, text: string): Promise<void> {
  await prisma.episode.update({ where: { id: episodeId }, data: { error: text } });
}

export interface RunListItem {
  id: string;
  name: string;
  environment: string | null;
  model: string | null;
  strategy: string | null;
  turnLimit: number | null;
  status: string;
  total: number;
  createdAt: Date;
  finishedAt: Date | null;
  done: number;
  succeeded: number;
  errors: number;
}

export async function listAgentRuns(prisma: Db, limit = 50): Promise<RunListItem[]> {
  const runs = await prisma.run.findMany({
    where: { kind: "agent" },
    orderBy: { createdAt: "desc" },
    take: limit,
    select: {
      id: true,
      name: true,
      environment: true,
      model: true,
      strategy: true,
      turnLimit: true,
      status: true,
      total: true,
      createdAt: true,
      finishedAt: true,
    },
  });
  if (runs.length === 0) return [];
  // One aggregate over every listed run's episodes: the latest finished episode per task counts.
  const rows = await prisma.$queryRaw<Array<{ runId: string; done: bigint; succeeded: bigint; errors: bigint }>>`
    SELECT t."runId", count(*) AS done,
           count(*) FILTER (WHERE t.success) AS succeeded,
           count(*) FILTER (WHERE t.status = 'error') AS errors
    FROM (
      SELECT DISTINCT ON (e."runId", e."taskId") e."runId", e.status, coalesce(s.success, false) AS success
      FROM "Episode" e LEFT JOIN "Score" s ON s."episodeId" = e.id AND s.mode = 'plateau'
      WHERE e."runId" = ANY(${runs.map((r) => r.id)}) AND e.status = ANY(${FINISHED}::"EpisodeStatus"[])
      ORDER BY e."runId", e."taskId", e."startedAt" DESC
    ) t GROUP BY t."runId"`;
  const by = new Map(rows.map((r) => [r.runId, r]));
  return runs.map((r) => ({
    ...r,
    done: Number(by.get(r.id)?.done ?? 0),
    succeeded: Number(by.get(r.id)?.succeeded ?? 0),
    errors: Number(by.get(r.id)?.errors ?? 0),
  }));
}

export interface RunEpisodeRow {
  id: string;
  taskId: number;
  dataset: string;
  index: number;
  query: string;
  status: EpisodeStatus;
  turns: number;
  reward: number | null;
  success: boolean | null;
  error: string | null;
  startedAt: Date;
  endedAt: Date | null;
}

export async function runEpisodes(prisma: Db, runId: string): Promise<RunEpisodeRow[]> {
  const rows = await prisma.episode.findMany({
    where: { runId },
    orderBy: { startedAt: "asc" },
    select: {
      id: true,
      taskId: true,
      status: true,
      turns: true,
      error: true,
      startedAt: true,
      endedAt: true,
      task: { select: { dataset: true, index: true, query: true } },
      scores: { where: { mode: "plateau" }, select: { reward: true, success: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    taskId: r.taskId,
    dataset: r.task.dataset,
    index: r.task.index,
    query: r.task.query,
    status: r.status,
    turns: r.turns,
    reward: r.scores[0]?.reward ?? null,
    success: r.scores[0]?.success ?? null,
    error: r.error,
    startedAt: r.startedAt,
    endedAt: r.endedAt,
  }));
}
