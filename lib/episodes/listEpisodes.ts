import { z } from "zod";
import type { Db, Prisma } from "../db";
import { ENVIRONMENTS } from "../environments/types";
import { formParam } from "../tasks/catalog";
import { EpisodeStatus } from "./episodeStatus";

/** Filters of the Episodes page and API, validated at the edge. */
export const EpisodeFilter = z.object({
  env: formParam(z.enum(ENVIRONMENTS)),
  taskId: formParam(z.coerce.number().int().positive()),
  player: formParam(z.enum(["human", "agent"])),
  model: formParam(z.string().max(100)),
  strategy: formParam(z.string().max(100)),
  runId: formParam(z.string().max(64)),
  status: formParam(EpisodeStatus),
  outcome: formParam(z.enum(["solved", "unsolved"])),
  /** Text in the task's query or in any step's action. */
  q: formParam(z.string().max(200)),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type EpisodeFilter = z.infer<typeof EpisodeFilter>;

export interface EpisodeRow {
  id: string;
  taskId: number;
  environment: string;
  dataset: string;
  taskIndex: number;
  query: string;
  playerKind: string;
  playerName: string | null;
  model: string | null;
  strategy: string | null;
  runName: string | null;
  status: EpisodeStatus;
  turns: number;
  reward: number | null;
  rewardMode: string | null;
  success: boolean | null;
  /** live | import */
  source: string;
  startedAt: Date;
  /** null while active, and for imports (logs carry no times). */
  durationMs: number | null;
}

function where(f: EpisodeFilter): Prisma.EpisodeWhereInput {
  const and: Prisma.EpisodeWhereInput[] = [];
  if (f.env) and.push({ task: { environment: f.env } });
  if (f.q)
    and.push({
      OR: [
        { task: { query: { contains: f.q, mode: "insensitive" } } },
        { steps: { some: { action: { contains: f.q, mode: "insensitive" } } } },
      ],
    });
  // Solved in the mode the episode has: plateau for live episodes, intercode for imported logs.
  if (f.outcome) and.push({ scores: f.outcome === "solved" ? { some: { success: true } } : { none: { success: true } } });
  return {
    AND: and,
    taskId: f.taskId,
    playerKind: f.player,
    model: f.model,
    strategy: f.strategy,
    runId: f.runId,
    status: f.status,
  };
}

export async function listEpisodes(prisma: Db, f: EpisodeFilter): Promise<{ episodes: EpisodeRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    prisma.episode.findMany({
      where: where(f),
      orderBy: { startedAt: "desc" },
      skip: (f.page - 1) * f.pageSize,
      take: f.pageSize,
      select: {
        id: true,
        taskId: true,
        playerKind: true,
        playerName: true,
        model: true,
        strategy: true,
        status: true,
        turns: true,
        source: true,
        startedAt: true,
        endedAt: true,
        task: { select: { environment: true, dataset: true, index: true, query: true } },
        run: { select: { name: true } },
        scores: { select: { mode: true, reward: true, success: true } },
      },
    }),
    prisma.episode.count({ where: where(f) }),
  ]);
  return {
    total,
    episodes: rows.map((e) => {
      const score = e.scores.find((s) => s.mode === "plateau") ?? e.scores.find((s) => s.mode === "intercode") ?? null;
      return {
        id: e.id,
        taskId: e.taskId,
        environment: e.task.environment,
        dataset: e.task.dataset,
        taskIndex: e.task.index,
        query: e.task.query,
        playerKind: e.playerKind,
        playerName: e.playerName,
        model: e.model,
        strategy: e.strategy,
        runName: e.run?.name ?? null,
        status: e.status,
        turns: e.turns,
        reward: score?.reward ?? null,
        rewardMode: score?.mode ?? null,
        success: score?.success ?? null,
        source: e.source,
        startedAt: e.startedAt,
        durationMs: e.endedAt && e.source !== "import" ? e.endedAt.getTime() - e.startedAt.getTime() : null,
      };
    }),
  };
}
