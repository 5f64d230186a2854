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

/** The sandbox image of every CTF task (docker/ctf; the local driver's rootfs `ctf`). */
export const CTF_IMAGE = "plateau/ctf";

/** InterCode's task_id of a CTF task, from its stored fields (the folder of its files). */
export function ctfTaskIdOf(task: { extra: unknown }): number {
  const id = (task.extra as { taskId?: unknown } | null)?.taskId;
  if (typeof id !== "number" || !Number.isInteger(id) || id < 0) throw new Error("a CTF task without its InterCode task_id");
  return id;
}

/** Where a task's challenge files are in the sandbox, and where its episode starts (as InterCode's). */
export function ctfDir(taskId: number): string {
  return `/ctf/${taskId}`;
}
