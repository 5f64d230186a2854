import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../db/testing";
import type { Database } from "../db";
import { computeStats, StatsQuery } from "./index";

// Compare groups by how the actions ran: one agent played the same tasks in both executions.

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  const p = db.prisma;
  const tasks = await Promise.all(
    [0, 1, 2].map((index) =>
      p.task.create({ data: { environment: "bash", dataset: "execution_test", index, query: `task ${index}`, gold: "true" } }),
    ),
  );
  const run = await p.run.create({ data: { name: "both executions", kind: "agent", environment: "bash" } });
  for (const [execution, solved] of [
    ["terminal", [true, false, false]],
    ["intercode", [true, true, false]],
  ] as const) {
    for (const [i, success] of solved.entries()) {
      const e = await p.episode.create({
        data: { taskId: tasks[i].id, runId: run.id, playerKind: "agent", status: "submitted", turns: 1, execution },
      });
      await p.score.create({
        data: {
          episodeId: e.id,
          mode: "intercode",
          reward: success ? 1 : 0,
          success,
          solvedAtTurn: success ? 1 : null,
          version: "test",
        },
      });
    }
  }
}, 120_000);
afterAll(async () => db?.close());

describe("group=execution", () => {
  it("gives one group per execution", async () => {
    const r = await computeStats(db.prisma, StatsQuery.parse({ runs: "both executions", group: "execution" }));
    expect(r.groups.map((g) => [g.key, g.n, g.solved])).toEqual(
      expect.arrayContaining([
        ["intercode", 3, 2],
        ["terminal", 3, 1],
      ]),
    );
    expect(r.groups).toHaveLength(2);
  });
});
