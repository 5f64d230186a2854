import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db";
import { rescoreRun, type RescoreEngine } from ".";
import { openImportedRun, type ImportedRun } from "./testing/openImportedRun";

// Three episodes of InterCode's single-turn SQL log (testing/…fixture_1_turns.json) replayed on the
// engine (local driver), each with a known outcome: task 1's unknown column reads as MySQL 8 worded
// it ('field list', where MariaDB says 'SELECT'), and its logged reward was changed to 0.5; task 24
// queried `poker_players`, a table an earlier agent had left on InterCode's server (MySQL answered
// about its columns; here it does not exist); task 77's GROUP BY rows come in MySQL 8's order
// (the groups as met, [('Russia', 6), ('Bulgaria', 1)], which MariaDB would sort).

const FIXTURE = path.join(import.meta.dirname, "testing/ic_sql_multiturn_fixture_1_turns.json");
const RUN = "sql rescore fixture";

describe("rescore of a SQL log (local driver)", { timeout: 300_000 }, () => {
  let db: Database;
  let live: RescoreEngine;
  let opened: ImportedRun | undefined;

  beforeAll(async () => {
    opened = await openImportedRun({ log: FIXTURE, run: RUN, driver: "local", concurrency: 2 });
    ({ db, live } = opened);
  }, 120_000);
  afterAll(() => opened?.close());

  it("reports exactly the observations and the reward the engine does not reproduce", async () => {
    const r = await rescoreRun(db.prisma, live.engine, { run: RUN, concurrency: 2, playable: live.playable });
    expect(r).toMatchObject({
      episodes: 3,
      rescored: 3,
      steps: { compared: 3, equal: 2 },
      rewards: { compared: 3, equal: 2 },
      notRescored: [],
    });
    const item = { episodeId: expect.any(String), index: 0 };
    expect(r.observations).toEqual([
      {
        cause: "missingTable",
        text: expect.stringMatching(/^missing table/),
        count: 1,
        items: [
          {
            ...item,
            task: "spider_dev:24",
            action: "SELECT name FROM poker_players WHERE earnings > 300000;",
            logged: "Error executing query: Unknown column 'name' in 'field list'",
            now: "Error executing query: Table 'poker_player.poker_players' doesn't exist",
          },
        ],
      },
    ]);
    expect(r.rewardDisagreements).toEqual([
      {
        cause: "state",
        text: expect.stringMatching(/^same observations/),
        count: 1,
        items: [{ episodeId: expect.any(String), task: "spider_dev:1", logged: 0.5, now: 0, step: null }],
      },
    ]);
  });
});
