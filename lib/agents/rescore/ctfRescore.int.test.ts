import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db";
import { rescoreRun, rescoreRunName, type RescoreEngine } from ".";
import { openImportedRun, type ImportedRun } from "./testing/openImportedRun";

// InterCode's CTF log (GPT-4 on tasks 0-3) replayed on the engine (local driver), each action as
// InterCode's CTF environment ran it: the logged flags are typed as submitted, a wrong one goes on as
// in the episode, the rewards are the logged ones, and task 1 (its disk image is absent) is not
// replayed. 13 of the 23 logged observations come out the same; the others are tools the image
// lacks (tshark, …) and programs' wording (Debian's against Ubuntu's).

const LOG = path.resolve("data/intercode/logs/ctf/ic_ctf_gpt-4_25_turns.json");
const RUN = "ctf rescore";

describe("rescore of the CTF log (local driver)", { timeout: 300_000 }, () => {
  let db: Database;
  let live: RescoreEngine;
  let opened: ImportedRun | undefined;

  beforeAll(async () => {
    opened = await openImportedRun({ log: LOG, run: RUN, driver: "local", concurrency: 1 });
    ({ db, live } = opened);
  }, 120_000);
  afterAll(() => opened?.close());

  it("replays the playable episodes with their flags, rewards as logged; the unplayable one is not replayed, the report says why, and the rescore is done", async () => {
    const r = await rescoreRun(db.prisma, live.engine, { run: RUN, concurrency: 1, playable: live.playable });
    console.log(
      JSON.stringify(
        { steps: r.steps, rewards: r.rewards, notRescored: r.notRescored, causes: r.observations.map((o) => [o.text, o.count]) },
        null,
        1,
      ),
    );
    expect(r).toMatchObject({ episodes: 4, rescored: 3, steps: { submits: 2 }, rewards: { compared: 3, equal: 3 } });
    expect(r.notRescored).toEqual([
      {
        reason: "unplayable: its challenge file dds2-alpine.flag.img.gz is not in InterCode's data, so it cannot be solved here",
        count: 1,
      },
    ]);
    // The unplayable episode is out of the total: the run of replays finishes.
    expect(await db.prisma.run.findUnique({ where: { name: rescoreRunName(RUN) } })).toMatchObject({ status: "done", total: 3 });
  });
});
