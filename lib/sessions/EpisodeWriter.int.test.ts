import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, signalServer } from "../db/testing";
import type { Database } from "../db";
import { EpisodeWriter, type EventRow } from "./EpisodeWriter";

// The recording as it is stored: every event, in order, byte for byte, whatever a terminal sent.

let db: Database;
let episodeId: string;

beforeAll(async () => {
  db = await openTestDatabase();
  const task = await db.prisma.task.create({
    data: { environment: "bash", dataset: "writer_test", index: 0, query: "q", gold: "true" },
  });
  episodeId = (await db.prisma.episode.create({ data: { taskId: task.id, playerKind: "human", status: "active" } })).id;
});
afterAll(() => db?.close());

describe("EpisodeWriter", () => {
  it("stores every event in order and exactly, in one batch or many", async () => {
    const errors: Error[] = [];
    const writer = new EpisodeWriter(db.prisma, episodeId, (e) => errors.push(e));
    const odd = ["\x1b[01;32mplayer@sandbox\x1b[00m:~$ ", 'it\'s "quoted" \\ {a,b} NULL', "héllo 世界 🎉\r\n", "", "1200x40"];
    const rows: EventRow[] = Array.from({ length: 1203 }, (_, i) => ({
      seq: i,
      time: i / 7,
      code: "oirm"[i % 4],
      data: odd[i % odd.length],
    }));
    for (const r of rows.slice(0, 3)) writer.event(r);
    await writer.drain(); // a small batch
    for (const r of rows.slice(3)) writer.event(r); // more than one full batch at once
    await writer.drain();
    expect(errors).toEqual([]);
    const stored = await db.prisma.terminalEvent.findMany({
      where: { episodeId },
      orderBy: { seq: "asc" },
      select: { seq: true, time: true, code: true, data: true },
    });
    expect(stored).toEqual(rows);
  });

  it("stores a step and events with NUL bytes (head -c 8 /dev/zero) instead of losing them", async () => {
    const errors: Error[] = [];
    const task = await db.prisma.task.findFirstOrThrow({ where: { dataset: "writer_test" } });
    const id = (await db.prisma.episode.create({ data: { taskId: task.id, playerKind: "human", status: "active" } })).id;
    const writer = new EpisodeWriter(db.prisma, id, (e) => errors.push(e));
    writer.event({ seq: 0, time: 0, code: "o", data: "a\u0000\u0000b\r\n" });
    await writer.step(
      {
        index: 0,
        action: "head -c 2 /dev/zero; echo b",
        observation: "a\u0000\u0000b",
        observationAnsi: "a\u0000\u0000b",
        truncated: false,
        exitCode: 0,
        admissible: true,
        result: { rows: [["\u0000x"]] },
        startedAt: new Date(),
        durationMs: 1,
        castStart: 0,
        castEnd: 0,
      },
      1,
    );
    await writer.drain();
    expect(errors).toEqual([]);
    const step = await db.prisma.step.findFirstOrThrow({ where: { episodeId: id } });
    expect(step).toMatchObject({
      observation: "a\u2400\u2400b",
      observationAnsi: "a\u2400\u2400b",
      result: { rows: [["\u2400x"]] },
    });
    // The screen a terminal drew: NUL draws nothing, so the recording keeps the rest as it was.
    expect((await db.prisma.terminalEvent.findFirstOrThrow({ where: { episodeId: id } })).data).toBe("ab\r\n");
  });

  it("holds writes in a bounded queue while the database is paused: past the bound it says full (the terminal is held back), then stores each write once", async () => {
    const errors: Error[] = [];
    const task = await db.prisma.task.findFirstOrThrow({ where: { dataset: "writer_test" } });
    const id = (await db.prisma.episode.create({ data: { taskId: task.id, playerKind: "human", status: "active" } })).id;
    const writer = new EpisodeWriter(db.prisma, id, (e) => errors.push(e), { maxQueuedBytes: 10_000 });
    const rows: EventRow[] = Array.from({ length: 40 }, (_, i) => ({ seq: i, time: i, code: "o", data: "x".repeat(1000) }));
    signalServer(db.pid!, "SIGSTOP");
    try {
      for (const r of rows) writer.event(r);
      for (let i = 0; i < 50 && !writer.state().full; i++) await new Promise((r) => setTimeout(r, 100));
      expect(writer.state().full).toBe(true);
    } finally {
      signalServer(db.pid!, "SIGCONT");
    }
    await writer.drain();
    expect(errors).toEqual([]);
    expect(writer.state().full).toBe(false);
    expect(
      await db.prisma.terminalEvent.findMany({
        where: { episodeId: id },
        orderBy: { seq: "asc" },
        select: { seq: true, time: true, code: true, data: true },
      }),
    ).toEqual(rows);
  });
});
