import type { Db } from "../db";
import { ImportError } from "./ImportError";
import type { ParsedLog } from "./types";

/** Task ids by dataset and index, for the datasets these logs refer to. */
export async function taskIdsFor(prisma: Db, logs: ParsedLog[]): Promise<Map<string, number>> {
  const datasets = [...new Set(logs.flatMap((l) => l.episodes.map((e) => e.dataset)))];
  const tasks = await prisma.task.findMany({
    where: { dataset: { in: datasets } },
    select: { id: true, dataset: true, index: true },
  });
  return new Map(tasks.map((t) => [`${t.dataset}#${t.index}`, t.id]));
}

/** Every episode's task id, or an ImportError for the first entry whose task is not in the Task table. */
export function resolveTaskIds(log: ParsedLog, ids: Map<string, number>): number[] {
  return log.episodes.map((e) => {
    const id = ids.get(`${e.dataset}#${e.taskIndex}`);
    if (id === undefined) {
      const known = [...ids.keys()].filter((k) => k.startsWith(`${e.dataset}#`)).length;
      const have = known ? `it has tasks 0…${known - 1}` : "no tasks of that dataset are loaded";
      throw new ImportError(log.file, e.entry, `unknown task index ${e.taskIndex} in dataset ${e.dataset} (${have})`);
    }
    return id;
  });
}
