import { z } from "zod";
import type { TaskRecord } from "../types";
import { readDataset } from "../readDataset";

const Entry = z.object({
  task_id: z.number(),
  query: z.string(),
  gold: z.string(),
  source: z.string().optional(),
  tags: z.array(z.string()).default([]),
});

export function loadCtfTasks(dataDir: string): TaskRecord[] {
  return readDataset(dataDir, "tasks/ctf/ic_ctf.json", Entry).map((e, index) => ({
    environment: "ctf" as const,
    dataset: "ctf",
    index,
    query: e.query,
    gold: e.gold,
    extra: { taskId: e.task_id, source: e.source ?? null, tags: e.tags },
  }));
}
