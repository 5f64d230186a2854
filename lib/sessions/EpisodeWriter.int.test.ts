import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../db/testing";
import type { Database } from "../db";
import { EpisodeWriter, type EventRow } from "./EpisodeWriter";

// The recording as it is stored: every event, in order, byte for byte, whatever a terminal sent.

let db: Database;
let episodeId: string;

beforeAll(async () => {
  db = await openTestDatabase();
  const task = await db.prisma.task.create({ data: { environment: "bash", dataset: "writer_test", index: 0, query: "q", gold: "true" } });
  episodeId = (await db.prisma.episode.create({ data: { taskId: task.id, playerKind: "human", status: "active" } })).id;
});
afterAll(() => db?.close());

describe("EpisodeWriter", () => {
  it("stores every event in order and exactly, in one batch or many", async () => {
    const errors: Error[] = [];
    const writer = new EpisodeWriter(db.prisma, episodeId, (e) => errors.push(e));
    const odd = ["\x1b[01;32mplayer@sandbox\x1b[00m:~$ ", "it's \"quoted\" \\ {a,b} NULL", "héllo 世界 🎉\r\n", "", "1200x40"];
    const rows: EventRow[] = Array.from({ length: 1203 }, (_, i) => ({ seq: i, time: i / 7, code: "oirm"[i % 4], data: odd[i % odd.length] }));
    for (const r of rows.slice(0, 3)) writer.event(r);
    await writer.drain(); // a small batch
    for (const r of rows.slice(3)) writer.event(r); // more than one full batch at once
    await writer.drain();
    expect(errors).toEqual([]);
    const stored = await db.prisma.terminalEvent.findMany({ where: { episodeId }, orderBy: { seq: "asc" }, select: { seq: true, time: true, code: true, data: true } });
    expect(stored).toEqual(rows);
  });
});
