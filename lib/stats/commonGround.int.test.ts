import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../db/testing";
import type { Database } from "../db";
import { loadCompare } from "./index";

// Compare on common ground: run A played tasks 0–1, run B tasks 0–3 (B also with a 3-turn limit on
// task 0): the page compares them on tasks 0–1 unless told not to, and grouping by model keeps the
// turn limits apart.

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  const p = db.prisma;
  const tasks = await Promise.all(
    [0, 1, 2, 3].map((index) =>
      p.task.create({ data: { environment: "bash", dataset: "common_test", index, query: `task ${index}`, gold: "true" } }),
    ),
  );
  const play = async (run: string, indexes: number[], turnLimit: number) => {
    const r = await p.run.upsert({
      where: { name: run },
      create: { name: run, kind: "import", environment: "bash" },
      update: {},
    });
    for (const i of indexes) {
      const e = await p.episode.create({
        data: {
          taskId: tasks[i].id,
          runId: r.id,
          playerKind: "agent",
          model: "m",
          status: "submitted",
          turns: 1,
          turnLimit,
          source: "import",
        },
      });
      await p.score.create({
        data: { episodeId: e.id, mode: "intercode", reward: 1, success: true, solvedAtTurn: 1, version: "test" },
      });
    }
  };
  await play("A", [0, 1], 10);
  await play("B", [0, 1, 2, 3], 10);
  await play("B", [0], 3);
}, 120_000);
afterAll(async () => db?.close());

describe("loadCompare: common ground", () => {
  it("is on by default when the groups attempted different tasks, and says how many are common", async () => {
    const d = await loadCompare(db.prisma, new URLSearchParams({ runs: "A,B" }));
    expect(d.commonGround).toEqual({ groups: 2, tasks: 4, common: 2, applied: true, auto: true });
    expect(d.stats!.groups.map((g) => [g.key, g.n])).toEqual([
      ["A", 2],
      ["B", 3],
    ]);
  });

  it("is off when the address says so", async () => {
    const d = await loadCompare(db.prisma, new URLSearchParams({ runs: "A,B", common: "0" }));
    expect(d.commonGround).toMatchObject({ applied: false, auto: false, common: 2 });
    expect(d.stats!.groups.map((g) => g.n)).toEqual([2, 5]);
  });

  it("leaves out a run nobody has, and counts every run when it named only such runs", async () => {
    const d = await loadCompare(db.prisma, new URLSearchParams({ runs: "A,nobody,B" }));
    expect(d.query.runs).toEqual(["A", "B"]);
    expect(d.commonGround).toMatchObject({ groups: 2, common: 2 });
    const all = await loadCompare(db.prisma, new URLSearchParams({ runs: "nobody", group: "model" }));
    expect(all.commonGround).toMatchObject({ groups: 1, tasks: 4 });
    expect(all.stats!.groups.map((g) => g.n)).toEqual([7]);
  });

  it("groups by model, environment and turn limit apart", async () => {
    const d = await loadCompare(db.prisma, new URLSearchParams({ group: "model,environment,turnLimit", common: "0" }));
    expect(d.stats!.groups.map((g) => [g.key, g.n, g.turnLimit])).toEqual([
      ["m · bash · 3 turns", 1, 3],
      ["m · bash · 10 turns", 6, 10],
    ]);
  });
});
