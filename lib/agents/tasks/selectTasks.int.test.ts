import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../db/testing";
import type { Database } from "../../db";
import { WITH_TASKS } from "../../tasks/testing";
import { resolveTask, selectTasks } from "./selectTasks";

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase(WITH_TASKS);
});
afterAll(async () => {
  await db?.close();
});

const refs = async (ids: number[]) =>
  (await db.prisma.task.findMany({ where: { id: { in: ids } } }))
    .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
    .map((t) => `${t.dataset}:${t.index}`);

describe("task selection", () => {
  it("all = the 200 Bash tasks of file systems 1-4, in order", async () => {
    const ids = await selectTasks(db.prisma, "bash", "all");
    expect(ids).toHaveLength(200);
    const r = await refs(ids);
    expect(r[0]).toBe("nl2bash_fs_1:0");
    expect(r[60]).toBe("nl2bash_fs_2:0");
    expect(r.at(-1)).toBe("nl2bash_fs_4:26");
  });

  it("reads aliases, dataset names, ranges and ids, keeping order without duplicates", async () => {
    expect(await selectTasks(db.prisma, "bash", "fs1")).toHaveLength(60);
    expect(await selectTasks(db.prisma, "bash", "test")).toHaveLength(24);
    const ids = await selectTasks(db.prisma, "bash", "fs2:3-4, nl2bash_fs_1:0, fs2:3");
    expect(await refs(ids)).toEqual(["nl2bash_fs_2:3", "nl2bash_fs_2:4", "nl2bash_fs_1:0"]);
    const one = ids[2];
    expect(await selectTasks(db.prisma, "bash", `${one},fs1:0`)).toEqual([one]);
  });

  it("refuses what it cannot find, with the reason", async () => {
    const sql = await db.prisma.task.findFirstOrThrow({ where: { environment: "sql" } });
    await expect(selectTasks(db.prisma, "bash", "fs9")).rejects.toThrow('no bash tasks match "fs9"');
    await expect(selectTasks(db.prisma, "bash", "fs1:5-2")).rejects.toThrow("the range ends before it starts");
    await expect(selectTasks(db.prisma, "bash", String(sql.id))).rejects.toThrow(`task ${sql.id} is a sql task, not bash`);
    await expect(selectTasks(db.prisma, "bash", "ls -la")).rejects.toThrow(/cannot read "ls -la"/);
    await expect(selectTasks(db.prisma, "bash", " , ")).rejects.toThrow("no tasks selected");
  });

  it("resolves one task for the session API", async () => {
    expect(await resolveTask(db.prisma, "bash", "fs3:2")).toMatchObject({ dataset: "nl2bash_fs_3", index: 2 });
    expect(await resolveTask(db.prisma, "bash", { dataset: "nl2bash_test", index: 1 })).toMatchObject({
      dataset: "nl2bash_test",
      index: 1,
    });
    expect(await resolveTask(db.prisma, "bash", "all:1")).toBe('"all" names more than one dataset; give one');
    expect(await resolveTask(db.prisma, "bash", "fs1:500")).toBe('task "fs1:500" does not exist');
    expect(await resolveTask(db.prisma, "bash", "what")).toMatch(/cannot read task "what"/);
  });
});
