import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../db/testing";
import type { Database } from "../db";
import { computeStats, StatsQuery } from "./index";
import { mucodeShares } from "./mucodeShares";

// Two Best-of-N runs of Python tasks scored by µCode: SR@k by mucode, and per run the share that
// passed the public tests against the share that passed the private ones too.

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  const p = db.prisma;
  const tasks = await Promise.all(
    [0, 1, 2, 3].map((index) =>
      p.task.create({
        data: { environment: "python", dataset: "mucode_test", index, query: `t${index}`, gold: "def f(): pass" },
      }),
    ),
  );
  for (const [name, outcomes] of [
    ["best of 1", ["pub", "none", "none", "priv"]],
    ["best of 4", ["priv", "priv", "pub", "priv"]],
  ] as const) {
    const run = await p.run.create({ data: { name, kind: "agent", environment: "python" } });
    for (const [i, o] of outcomes.entries()) {
      const e = await p.episode.create({
        data: { taskId: tasks[i].id, runId: run.id, playerKind: "agent", status: "submitted", turns: 2 },
      });
      const success = o === "priv";
      await p.score.create({
        data: {
          episodeId: e.id,
          mode: "mucode",
          reward: success ? 1 : 0,
          success,
          solvedAtTurn: success ? 1 + (i % 2) : null,
          version: "test",
          breakdown: { passedPublic: o !== "none" },
        },
      });
    }
  }
}, 120_000);
afterAll(async () => db?.close());

describe("µCode in Compare", () => {
  it("gives each run's public-pass and private-pass counts", async () => {
    expect(await mucodeShares(db.prisma, ["best of 1", "best of 4"])).toEqual([
      { run: "best of 1", n: 4, publicPassed: 2, privatePassed: 1 },
      { run: "best of 4", n: 4, publicPassed: 4, privatePassed: 3 },
    ]);
    expect(await mucodeShares(db.prisma, [])).toEqual([]);
  });

  it("plots SR@k by the mucode score, side by side for runs with different N", async () => {
    const r = await computeStats(db.prisma, StatsQuery.parse({ runs: ["best of 1", "best of 4"], mode: "mucode", k: 2 }));
    expect(r.groups.map((g) => [g.key, g.srAtK.map((s) => s.solved)])).toEqual([
      ["best of 1", [0, 1]],
      ["best of 4", [1, 3]],
    ]);
  });
});
