import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../db/testing";
import { createPrisma, type Db } from "../db/client";
import type { Database } from "../db";
import { probeDatabase, type DatabaseProbe } from "../db/probeDatabase";
import { WITH_TASKS } from "../tasks/testing";
import { importLogs } from "./importLogs";
import { interCodeLogs } from "./testing/interCodeLogs";

// Imports queue on one lock. Waiting for it must not hold a pooled connection, or a few uploads at
// once take the whole pool and every page (and the health check) waits behind them.

let db: Database;
let small: Db;
beforeAll(async () => {
  db = await openTestDatabase(WITH_TASKS);
  small = createPrisma(db.url, 3); // a pool of 3 for 6 imports: waiting ones must give theirs back
}, 180_000);
afterAll(async () => {
  await small?.$disconnect();
  await db?.close();
});

describe("imports waiting for their lock", () => {
  it("hold no pooled connection: the database answers a health probe all along, and every import is stored", async () => {
    const files = [...interCodeLogs("bash/text-davinci-003"), ...interCodeLogs("bash/gpt-3.5")].slice(0, 6);
    expect(files.length).toBe(6);
    const probes: DatabaseProbe[] = [];
    const waitingOnLock: number[] = [];
    let running = true;
    const probing = (async () => {
      while (running) {
        probes.push(await probeDatabase(small, 3_000));
        // Seen from another pool: a connection blocked on the import lock is one taken from the pool.
        const [{ n }] = await db.prisma.$queryRaw<
          { n: number }[]
        >`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`;
        waitingOnLock.push(n);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const reports = await Promise.all(files.map((f) => importLogs(small, [f])));
    running = false;
    await probing;
    expect(Math.max(...waitingOnLock)).toBe(0);
    expect(reports.map((r) => r.runs.length)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(probes.length).toBeGreaterThan(3);
    expect(probes.filter((p) => p.state !== "ok")).toEqual([]);
  }, 180_000);
});
