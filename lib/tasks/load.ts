import type { Db } from "../db";
import { environments, ENVIRONMENTS, type TaskRecord } from "../environments";

export function readAllTasks(dataDir: string): TaskRecord[] {
  return ENVIRONMENTS.flatMap((name) => environments[name].loadTasks(dataDir));
}

/** Load every dataset into the database; tasks already there (same dataset and index) are kept. */
export async function loadTasks(prisma: Db, dataDir: string): Promise<{ total: number; added: number }> {
  const tasks = readAllTasks(dataDir);
  const { count } = await prisma.task.createMany({
    data: tasks.map((t) => ({ ...t, extra: t.extra as object })),
    skipDuplicates: true,
  });
  return { total: tasks.length, added: count };
}
