import type { EpisodeStatus } from "./episodeStatus";
import type { Db, Prisma } from "../db";

/** One episode in a task's list: who played it, how it went. Plain JSON. */
export interface TaskEpisode {
  id: string;
  taskId: number;
  query: string;
  playerKind: string;
  playerName: string | null;
  model: string | null;
  strategy: string | null;
  runName: string | null;
  source: string;
  status: EpisodeStatus;
  turns: number;
  /** The plateau score when there is one, else InterCode's. */
  reward: number | null;
  success: boolean | null;
  startedAt: string;
}

/** Every episode of a task, newest first: the task page lists them, and side by side picks two of them. */
export function listEpisodesOfTask(prisma: Db, taskId: number, limit = 500): Promise<TaskEpisode[]> {
  return listEpisodesWhere(prisma, { taskId }, limit);
}

/** A person's own episodes, newest first (a participant's home). */
export function listEpisodesOfUser(prisma: Db, userId: string, limit = 100): Promise<TaskEpisode[]> {
  return listEpisodesWhere(prisma, { userId }, limit);
}

/**
 * A person's episodes still being played (outside studies), optionally of one task: Home and the
 * task page offer to resume them.
 */
export function listLiveEpisodesOfUser(prisma: Db, userId: string, taskId?: number): Promise<TaskEpisode[]> {
  return listEpisodesWhere(
    prisma,
    { userId, taskId, status: "active", source: "live", playerKind: "human", runId: null, studyId: null },
    20,
  );
}

async function listEpisodesWhere(prisma: Db, where: Prisma.EpisodeWhereInput, limit: number): Promise<TaskEpisode[]> {
  const rows = await prisma.episode.findMany({
    where,
    orderBy: { startedAt: "desc" },
    take: limit,
    select: {
      id: true,
      taskId: true,
      task: { select: { query: true } },
      playerKind: true,
      playerName: true,
      model: true,
      strategy: true,
      source: true,
      status: true,
      turns: true,
      startedAt: true,
      run: { select: { name: true } },
      scores: { select: { mode: true, reward: true, success: true } },
    },
  });
  return rows.map(({ run, scores, startedAt, task, ...e }) => {
    const score = scores.find((s) => s.mode === "plateau") ?? scores.find((s) => s.mode === "intercode") ?? null;
    return {
      ...e,
      query: task.query,
      runName: run?.name ?? null,
      reward: score?.reward ?? null,
      success: score?.success ?? null,
      startedAt: startedAt.toISOString(),
    };
  });
}
