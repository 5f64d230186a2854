import { z } from "zod";
import type { TaskRecord } from "../types";
import { readDataset } from "../readDataset";

const Entry = z.object({
  db: z.string(),
  gold: z.string(),
  query: z.string(),
  hardness: z.enum(["easy", "medium", "hard", "extra"]),
  db_tables: z.record(z.string(), z.array(z.string())).optional(),
});

export function loadSqlTasks(dataDir: string): TaskRecord[] {
  return readDataset(dataDir, "tasks/sql/ic_spider_dev.json", Entry).map((e, index) => ({
    environment: "sql" as const,
    dataset: "spider_dev",
    index,
    query: e.query,
    gold: e.gold,
    hardness: e.hardness,
    db: e.db,
    extra: { tables: e.db_tables ?? {} },
  }));
}
