import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db";
import { computeStats, StatsQuery } from "../../stats";
import { RESCORED_VERSION } from "../../rewards/version";
import { rescoreRun, rescoreRunName, type RescoreEngine } from ".";
import { openImportedRun, type ImportedRun } from "./testing/openImportedRun";

// A small Bash log with known disagreements (testing/…fixture…fs_4.json: one wrong logged
// observation, one wrong logged reward) replayed on each sandbox driver: the report names exactly
// those, the replays are recorded episodes, a second rescore replays only what is missing, and
// Compare's plateau-mode view counts the imported run.

const FIXTURE = path.join(import.meta.dirname, "testing/ic_bash_multiturn_fixture_10_turns_fs_4.json");
const RUN = "rescore fixture";
const DRIVERS = (process.env.PLATEAU_TEST_DRIVERS ?? "docker,local").split(",");

describe.each(DRIVERS)("rescore on the %s driver", { timeout: 300_000 }, (driver) => {
  let db: Database;
  let live: RescoreEngine;
  let opened: ImportedRun | undefined;

  beforeAll(async () => {
    opened = await openImportedRun({ log: FIXTURE, run: RUN, driver: driver, concurrency: 2 });
    ({ db, live } = opened);
    expect(live.driver).toBe(driver);
  }, 120_000);
  afterAll(() => opened?.close());

  it("reports exactly the logged observation and the logged reward that the engine does not reproduce", async () => {
    const before = await computeStats(db.prisma, StatsQuery.parse({ runs: RUN, mode: "plateau" }));
    expect(before.groups).toEqual([]); // Compare: "No scored episodes match"

    const progress: number[] = [];
    const r = await rescoreRun(db.prisma, live.engine, {
      run: RUN,
      concurrency: 2,
      playable: live.playable,
      onProgress: (p) => progress.push(p.done),
    });
    expect(progress.at(-1)).toBe(3);
    expect(r).toMatchObject({
      episodes: 3,
      rescored: 3,
      steps: { compared: 5, equal: 4, submits: 0, refused: 0 },
      rewards: { compared: 3, equal: 2 },
      notRescored: [],
    });
    expect(r.observations).toEqual([
      {
        cause: "other",
        text: expect.stringMatching(/^other/),
        count: 1,
        items: [
          { episodeId: expect.any(String), task: "nl2bash_fs_4:0", index: 0, action: "echo one", logged: "two\n", now: "one\n" },
        ],
      },
    ]);
    expect(r.rewardDisagreements).toEqual([
      {
        cause: "state",
        text: expect.stringMatching(/^same observations/),
        count: 1,
        items: [{ episodeId: expect.any(String), task: "nl2bash_fs_4:6", logged: 0.5, now: 1, step: null }],
      },
    ]);

    // Each replay is an ordinary recorded episode, in a run of its own, played the InterCode way.
    const replays = await db.prisma.episode.findMany({
      where: { run: { name: rescoreRunName(RUN) } },
      include: { steps: { orderBy: { index: "asc" } }, _count: { select: { events: true } } },
    });
    expect(replays).toHaveLength(3);
    for (const e of replays) expect(e).toMatchObject({ status: "submitted", execution: "intercode", playerKind: "agent" });
    expect(replays.every((e) => e._count.events > 0)).toBe(true);
    expect(replays.flatMap((e) => e.steps.map((s) => s.observation)).sort()).toEqual([
      "",
      "a\nb\n",
      "hello\n",
      "one\n",
      "www.google.com\n",
    ]);

    // Beside the logged score: both modes, version "rescored"; the logged one is untouched.
    const six = await db.prisma.episode.findFirstOrThrow({
      where: { run: { name: RUN }, task: { index: 6 } },
      include: { scores: { orderBy: [{ mode: "asc" }, { version: "asc" }] } },
    });
    expect(six.scores.map((s) => [s.mode, s.version, s.reward])).toEqual([
      ["intercode", "log", 0.5],
      ["intercode", RESCORED_VERSION, 1],
      ["plateau", RESCORED_VERSION, 1],
    ]);

    // Compare: the plateau view counts the imported run now; the intercode view still counts each episode once, by its log.
    const plateau = await computeStats(db.prisma, StatsQuery.parse({ runs: RUN, mode: "plateau" }));
    expect(plateau.groups[0]).toMatchObject({ key: RUN, n: 3, solved: 2, unscored: 0 });
    const intercode = await computeStats(db.prisma, StatsQuery.parse({ runs: RUN, mode: "intercode" }));
    expect(intercode.groups[0]).toMatchObject({ key: RUN, n: 3, solved: 1 });
  });

  it("goes on where it stopped: only episodes without a re-scored reward are replayed again", async () => {
    const three = await db.prisma.episode.findFirstOrThrow({ where: { run: { name: RUN }, task: { index: 3 } } });
    // As an interrupted rescore leaves it: the replay stored, the scores not.
    await db.prisma.score.deleteMany({ where: { episodeId: three.id, version: RESCORED_VERSION } });
    const seen: string[] = [];
    const r = await rescoreRun(db.prisma, live.engine, {
      run: RUN,
      concurrency: 2,
      playable: live.playable,
      onProgress: (p) => p.episodeId && seen.push(p.episodeId),
    });
    expect(seen).toEqual([three.id]);
    expect(r).toMatchObject({ rescored: 3, steps: { compared: 5, equal: 4 }, rewards: { compared: 3, equal: 2 } });
    // The unfinished replay was removed, not kept beside the new one.
    expect(await db.prisma.episode.count({ where: { run: { name: rescoreRunName(RUN) } } })).toBe(3);
  });

  it("refuses an unknown run and a run that is not imported, saying why", async () => {
    await expect(rescoreRun(db.prisma, live.engine, { run: "nope", concurrency: 1, playable: live.playable })).rejects.toThrow(
      'no run is named "nope"',
    );
    await expect(
      rescoreRun(db.prisma, live.engine, { run: rescoreRunName(RUN), concurrency: 1, playable: live.playable }),
    ).rejects.toThrow(/is not an imported run \(its kind is "rescore"\)/);
  });
});
