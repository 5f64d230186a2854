import type { Db } from "../db";
import { Prisma } from "../db";
import { z } from "zod";
import { ENVIRONMENTS, taskPlayability, type Environment } from "../environments";

/** An optional URL parameter: a filter form sends its blank fields as "", which means "any". */
export function formParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
}

/** Filters for the task list (from the URL or the API), validated at the edge. */
export const TaskFilter = z.object({
  env: formParam(z.enum(ENVIRONMENTS)),
  dataset: formParam(z.string().max(100)),
  hardness: formParam(z.enum(["easy", "medium", "hard", "extra"])),
  q: formParam(z.string().max(200)),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type TaskFilter = z.infer<typeof TaskFilter>;

/** A task as a player may see it: never the gold. */
export interface PublicTask {
  id: number;
  environment: string;
  dataset: string;
  index: number;
  query: string;
  hardness: string | null;
  db: string | null;
  fileSystem: number | null;
  /** Whether it can be played live, and if not why (said on the task list, the task page and the Play page). */
  playable: Environment["playable"];
}

const publicFields = {
  id: true,
  environment: true,
  dataset: true,
  index: true,
  query: true,
  hardness: true,
  db: true,
  fileSystem: true,
} as const;
// extra is read on the server only, for the task's playability; it never reaches a page (a Python task's tests are in it).
const selected = { ...publicFields, extra: true } as const;

function toPublic({ extra, ...t }: Prisma.TaskGetPayload<{ select: typeof selected }>): PublicTask {
  return { ...t, playable: taskPlayability({ ...t, extra }) };
}

function where(f: TaskFilter): Prisma.TaskWhereInput {
  return {
    environment: f.env,
    dataset: f.dataset,
    hardness: f.hardness,
    query: f.q ? { contains: f.q, mode: "insensitive" } : undefined,
  };
}

export async function listTasks(prisma: Db, f: TaskFilter): Promise<{ tasks: PublicTask[]; total: number }> {
  const [tasks, total] = await Promise.all([
    prisma.task.findMany({
      where: where(f),
      select: selected,
      orderBy: [{ environment: "asc" }, { dataset: "asc" }, { index: "asc" }],
      skip: (f.page - 1) * f.pageSize,
      take: f.pageSize,
    }),
    prisma.task.count({ where: where(f) }),
  ]);
  return { tasks: tasks.map(toPublic), total };
}

/** The ids of every task the filter matches (every page), up to `limit`: a study made from the Tasks page's filters. */
export async function taskIdsMatching(prisma: Db, f: TaskFilter, limit = 500): Promise<{ ids: number[]; total: number }> {
  const [rows, total] = await Promise.all([
    prisma.task.findMany({ where: where(f), orderBy: { id: "asc" }, take: limit, select: { id: true } }),
    prisma.task.count({ where: where(f) }),
  ]);
  return { ids: rows.map((r) => r.id), total };
}

export async function getPublicTask(prisma: Db, id: number): Promise<PublicTask | null> {
  const task = await prisma.task.findUnique({ where: { id }, select: selected });
  return task && toPublic(task);
}

/** The task after this one in its dataset (by index), for "Next task" after an episode; null after the last. */
export async function nextTaskId(prisma: Db, task: Pick<PublicTask, "dataset" | "index">): Promise<number | null> {
  const next = await prisma.task.findFirst({
    where: { dataset: task.dataset, index: { gt: task.index } },
    orderBy: { index: "asc" },
    select: { id: true },
  });
  return next?.id ?? null;
}

/** The gold of a task, for researchers' views only (never for a player mid-episode). */
export async function getTaskGold(prisma: Db, id: number): Promise<string | null> {
  const t = await prisma.task.findUnique({ where: { id }, select: { gold: true } });
  return t?.gold ?? null;
}

export async function countTasks(prisma: Db): Promise<{ environment: string; dataset: string; count: number }[]> {
  const rows = await prisma.task.groupBy({
    by: ["environment", "dataset"],
    _count: { _all: true },
    orderBy: [{ environment: "asc" }, { dataset: "asc" }],
  });
  return rows.map((r) => ({ environment: r.environment, dataset: r.dataset, count: r._count._all }));
}
