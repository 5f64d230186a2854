import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import { openTestDatabase } from "../db/testing";
import type { Database } from "../db";
import { loadTasks, countTasks, listTasks, TaskFilter } from "./index";

const dataDir = path.resolve("data/intercode");
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => db?.close());

describe("task loading into PostgreSQL", () => {
  it("loads every dataset once, and a second load adds nothing", async () => {
    const first = await loadTasks(db.prisma, dataDir);
    expect(first.added).toBe(first.total);
    const second = await loadTasks(db.prisma, dataDir);
    expect(second.added).toBe(0);
    expect(await db.prisma.task.count()).toBe(first.total);

    const counts = Object.fromEntries((await countTasks(db.prisma)).map((c) => [c.dataset, c.count]));
    expect(counts).toMatchObject({
      nl2bash_fs_1: 60,
      nl2bash_fs_2: 53,
      nl2bash_fs_3: 60,
      nl2bash_fs_4: 27,
      nl2bash_test: 24,
      spider_dev: 1034,
      mbpp: 974,
      ctf: 100,
    });
  });

  it("filters by environment, hardness and text, and never returns the gold", async () => {
    const hard = await listTasks(db.prisma, TaskFilter.parse({ env: "sql", hardness: "hard", pageSize: 200 }));
    expect(hard.total).toBe(174);
    expect(hard.tasks[0]).not.toHaveProperty("gold");
    const md5 = await listTasks(db.prisma, TaskFilter.parse({ env: "bash", q: "MD5" }));
    expect(md5.total).toBeGreaterThan(0);
    expect(md5.tasks.every((t) => t.query.toLowerCase().includes("md5"))).toBe(true);
  });
});
