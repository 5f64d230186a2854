import { z } from "zod";
import type { TaskRecord } from "../types";
import { readDataset } from "../readDataset";

const Entry = z.object({
  query: z.string(),
  gold: z.string(),
  tests: z.array(z.string()),
  task_id: z.number(),
  test_setup_code: z.string().default(""),
});

export function loadPythonTasks(dataDir: string): TaskRecord[] {
  return readDataset(dataDir, "tasks/python/ic_mbpp.json", Entry).map((e, index) => ({
    environment: "python" as const,
    dataset: "mbpp",
    index,
    query: e.query,
    gold: e.gold,
    extra: { tests: e.tests, taskId: e.task_id, testSetupCode: e.test_setup_code },
  }));
}
