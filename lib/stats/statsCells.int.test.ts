import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../db/testing";
import type { Database } from "../db";
import { RESCORED_VERSION } from "../rewards/version";
import { computeStats, StatsQuery } from "./index";

// The stats read cells that database triggers keep from Episode and Score (migration
// 20261202080650_stats_cells). Whatever changes an episode or a score afterwards — its status, a
// practice flag, a re-score, a deleted score, a deleted run — the numbers are those of the
// episodes as they are now, and the cells hold exactly the sums of what each episode counts for.

let db: Database;
let tasks: number[];

beforeAll(async () => {
  db = await openTestDatabase();
  tasks = (
    await Promise.all(
      [0, 1, 2].map((index) =>
        db.prisma.task.create({
          data: { environment: "bash", dataset: "cells_test", index, query: `task ${index}`, gold: "true" },
        }),
      ),
    )
  ).map((t) => t.id);
}, 120_000);
afterAll(async () => db?.close());

async function episode(runId: string, task: number, success: boolean | null, turns = 3) {
  const e = await db.prisma.episode.create({
    data: { taskId: tasks[task], runId, playerKind: "agent", status: success === null ? "active" : "submitted", turns },
  });
  if (success !== null) {
    await db.prisma.score.create({
      data: {
        episodeId: e.id,
        mode: "intercode",
        reward: success ? 1 : 0,
        success,
        solvedAtTurn: success ? 2 : null,
        version: "log",
      },
    });
  }
  return e.id;
}

const group = async (run: string, mode: "intercode" | "plateau" = "intercode") =>
  (await computeStats(db.prisma, StatsQuery.parse({ runs: [run], mode, overlap: false }))).groups[0] ?? null;

/** The cells as triggers left them, against the same sums made now from every episode. */
async function cellsAgainstEpisodes() {
  const sums = (from: string) => `SELECT cell, n, turns, "errN" FROM (SELECT cell, count(*)::int AS n, sum(turns)::int AS turns,
    count("errorRate")::int AS "errN" FROM ${from} GROUP BY cell) x ORDER BY cell`;
  const kept = await db.prisma.$queryRawUnsafe(`SELECT cell, n, turns, "errN" FROM "StatsCell" ORDER BY cell`);
  const now = await db.prisma.$queryRawUnsafe(sums("stats_entry_source"));
  return { kept, now };
}

describe("the stats after episodes and scores change", () => {
  it("follow status, practice, re-score, deleted scores and deleted runs", async () => {
    const run = await db.prisma.run.create({ data: { name: "cells run", kind: "agent", environment: "bash" } });
    const [won, lost] = [await episode(run.id, 0, true), await episode(run.id, 1, false)];
    const playing = await episode(run.id, 2, null);
    expect(await group("cells run")).toMatchObject({ n: 2, solved: 1, unscored: 0, turns: 3 });

    // An active episode is skipped: it counts, unsolved and unscored, in every mode (in plateau
    // mode, where the others have no score, alone).
    await db.prisma.episode.update({ where: { id: playing }, data: { status: "skipped", turns: 6 } });
    expect(await group("cells run")).toMatchObject({ n: 3, solved: 1, unscored: 1, turns: 4 });
    expect(await group("cells run", "plateau")).toMatchObject({ n: 1, solved: 0, unscored: 1 });

    // A re-score beside the logged intercode score does not count in intercode mode; a plateau one does.
    await db.prisma.score.createMany({
      data: [
        { episodeId: lost, mode: "intercode", reward: 1, success: true, solvedAtTurn: 1, version: RESCORED_VERSION },
        { episodeId: lost, mode: "plateau", reward: 1, success: true, solvedAtTurn: 1, version: RESCORED_VERSION },
      ],
    });
    expect(await group("cells run")).toMatchObject({ n: 3, solved: 1 });
    expect(await group("cells run", "plateau")).toMatchObject({ n: 2, solved: 1, unscored: 1 });

    // A score changed, then removed: a submitted episode without a score does not count.
    await db.prisma.score.update({
      where: { episodeId_mode_version: { episodeId: won, mode: "intercode", version: "log" } },
      data: { success: false, solvedAtTurn: null },
    });
    expect(await group("cells run")).toMatchObject({ n: 3, solved: 0 });
    await db.prisma.score.deleteMany({ where: { episodeId: won } });
    expect(await group("cells run")).toMatchObject({ n: 2, solved: 0 });

    // A practice episode counts for nothing.
    await db.prisma.episode.update({ where: { id: lost }, data: { practice: true } });
    expect(await group("cells run")).toMatchObject({ n: 1, unscored: 1 });
    const { kept, now } = await cellsAgainstEpisodes();
    expect(kept).toEqual(now);

    // A deleted run takes its episodes, and so its groups, with it.
    await episode((await db.prisma.run.create({ data: { name: "other run", kind: "agent" } })).id, 0, true);
    await db.prisma.run.delete({ where: { id: run.id } });
    expect(await group("cells run")).toBeNull();
    expect(await group("other run")).toMatchObject({ n: 1, solved: 1 });
    const after = await cellsAgainstEpisodes();
    expect(after.kept).toEqual(after.now);
    expect(after.kept).toHaveLength(1);
  });
});
