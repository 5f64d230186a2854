import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../db/testing";
import type { Database } from "../db";
import type { EpisodeStatus } from "../episodes/episodeStatus";
import { computeStats, StatsQuery } from "./index";

// A run whose episodes did not all end in a score: a skipped task and one stopped by an error count
// as unsolved (leaving them out would raise SR); active and interrupted ones are played again, so
// they are left out.

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  const p = db.prisma;
  const tasks = await Promise.all(
    [0, 1, 2, 3, 4, 5].map((index) =>
      p.task.create({ data: { environment: "bash", dataset: "unscored_test", index, query: `task ${index}`, gold: "true" } }),
    ),
  );
  const run = await p.run.create({ data: { name: "agent with failures", kind: "agent", environment: "bash" } });
  const other = await p.run.create({ data: { name: "clean agent", kind: "agent", environment: "bash" } });
  const episode = async (runId: string, task: number, status: EpisodeStatus, success?: boolean) => {
    const e = await p.episode.create({ data: { taskId: tasks[task].id, runId, playerKind: "agent", status, turns: 2 } });
    if (success !== undefined) {
      await p.score.create({
        data: {
          episodeId: e.id,
          mode: "plateau",
          reward: success ? 1 : 0,
          success,
          solvedAtTurn: success ? 2 : null,
          version: "test",
        },
      });
    }
  };
  await episode(run.id, 0, "submitted", true);
  await episode(run.id, 1, "submitted", false);
  await episode(run.id, 2, "error");
  await episode(run.id, 3, "skipped");
  await episode(run.id, 4, "interrupted");
  await episode(run.id, 5, "active");
  for (const t of [0, 1, 2, 3]) await episode(other.id, t, "submitted", t === 2);
}, 120_000);
afterAll(async () => db?.close());

describe("episodes without a score", () => {
  it("skipped and error episodes count as unsolved; interrupted and active ones do not count", async () => {
    const r = await computeStats(db.prisma, StatsQuery.parse({ runs: ["agent with failures", "clean agent"], mode: "plateau" }));
    const g = r.groups.find((x) => x.key === "agent with failures")!;
    expect(g).toMatchObject({ n: 4, solved: 1, sr: 25, unscored: 2 });
    expect(g.srAtK.at(-1)).toMatchObject({ solved: 1, sr: 25 });
    expect(r.groups.find((x) => x.key === "clean agent")).toMatchObject({ n: 4, solved: 1, unscored: 0 });
    // The task the clean agent solved was one the other run's episode errored on.
    const pair = r.overlap!.find((o) => o.a === "agent with failures" || o.b === "agent with failures")!;
    expect(pair.tasks).toBe(4);
    expect(pair.both.length + pair.neither.length + pair.onlyA.length + pair.onlyB.length).toBe(4);
    expect(pair.neither.length).toBe(2);
  });
});
