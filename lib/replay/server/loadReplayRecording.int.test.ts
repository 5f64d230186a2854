import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { Database } from "../../db";
import { genCast } from "../testing/genCast";
import {
  openReplayTestDatabase,
  seedEmptyEpisode,
  seedLiveEpisode,
  seedRecordedEpisode,
  seedStepsEpisode,
} from "../testing/seedEpisodes";
import { decodeRecording } from "../wireFormat";
import { loadReplayEventsAfter, loadReplayRecording } from "./loadReplayRecording";
import { SNAPSHOT_EVERY } from "./buildSnapshots";

let db: Database;
let taskId: number;
let dataDir: string;
let opened: Awaited<ReturnType<typeof openReplayTestDatabase>> | undefined;
const decode = (b: Uint8Array | null) => decodeRecording(b!);

beforeAll(async () => {
  opened = await openReplayTestDatabase();
  ({ db, taskId, dataDir } = opened);
});
afterAll(() => opened?.close());

describe("the recording a replay page loads", () => {
  it("is the stored terminal events with snapshots, computed once and kept on disk", async () => {
    const cast = genCast(50);
    const id = await seedRecordedEpisode(db.prisma, cast, { taskId });
    const first = await loadReplayRecording(db.prisma, id);
    const rec = decode(first);
    expect(rec.synthesized).toBe(false);
    expect(rec.events).toHaveLength(cast.events.length + 1); // + the initial size
    expect(rec.events.slice(1)).toEqual(cast.events);
    expect(rec.snapshots.length).toBeGreaterThan(5);
    expect(rec.lastSeq).toBe(cast.events.length);
    expect(await loadReplayRecording(db.prisma, id)).toBe(first);
    expect(readdirSync(path.join(dataDir, "replay-cache")).filter((f) => f.startsWith(id))).toHaveLength(1);

    // A new event is a new version of the recording: computed again, the old copy dropped.
    await db.prisma.terminalEvent.create({ data: { episodeId: id, seq: rec.lastSeq + 1, time: 999, code: "o", data: "more" } });
    const again = decode(await loadReplayRecording(db.prisma, id));
    expect(again.events.at(-1)).toEqual([999, "o", "more"]);
    expect(readdirSync(path.join(dataDir, "replay-cache")).filter((f) => f.startsWith(id))).toHaveLength(1);
    expect(JSON.parse((await loadReplayEventsAfter(db.prisma, id, rec.lastSeq))!)).toEqual({
      events: [{ seq: rec.lastSeq + 1, time: 999, code: "o", data: "more" }],
    });
  });

  it("is made from the steps for an imported episode, and is a prompt alone for one with no steps", async () => {
    const imported = decode(await loadReplayRecording(db.prisma, await seedStepsEpisode(db.prisma, 12, { taskId })));
    expect(imported.synthesized).toBe(true);
    expect(imported.stepSpans).toHaveLength(12);
    expect(imported.events.map((e) => e[2]).join("")).toContain("echo turn-3 && ls /testbed/dir2");
    const empty = decode(await loadReplayRecording(db.prisma, await seedEmptyEpisode(db.prisma, { taskId })));
    expect(empty.events).toHaveLength(1);
  });

  it("is not made up for an episode being played, and does not exist for an unknown id", async () => {
    const live = await seedLiveEpisode(db.prisma, { taskId });
    await db.prisma.terminalEvent.deleteMany({ where: { episodeId: live } });
    expect(decode(await loadReplayRecording(db.prisma, live))).toMatchObject({ synthesized: false, events: [], lastSeq: -1 });
    expect(await loadReplayRecording(db.prisma, "no-such-episode")).toBeNull();
    expect(await loadReplayEventsAfter(db.prisma, "no-such-episode", 0)).toBeNull();
  });

  it("handles a 50 MB recording: loaded whole, with snapshots close enough for fast seeks", async () => {
    const cast = genCast(4500, 7);
    expect(cast.text.length).toBeGreaterThan(48 * 1024 * 1024);
    const id = await seedRecordedEpisode(db.prisma, cast, { taskId });
    const t0 = Date.now();
    const rec = decode(await loadReplayRecording(db.prisma, id));
    const ms = Date.now() - t0;
    expect(rec.events).toHaveLength(cast.events.length + 1);
    // No seek has to write more than a few snapshot intervals of output.
    const offsets = [0];
    for (const e of rec.events) offsets.push(offsets[offsets.length - 1] + (e[1] === "o" ? e[2].length : 0));
    const starts = [0, ...rec.snapshots.map((s) => offsets[s.pos])];
    const gaps = starts
      .slice(1)
      .map((s, i) => s - starts[i])
      .concat(offsets[offsets.length - 1] - starts[starts.length - 1]);
    expect(Math.max(...gaps)).toBeLessThan(SNAPSHOT_EVERY * 4);
    console.log(`50 MB recording: ${rec.events.length} events, ${rec.snapshots.length} snapshots, prepared in ${ms} ms`);
    expect(existsSync(path.join(dataDir, "replay-cache"))).toBe(true);
  }, 600_000);
});
