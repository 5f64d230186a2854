import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../db/testing";
import type { Database } from "../../db";
import { createRunLocks, type RunLocks } from "./runLocks";

// The run locks on a real PostgreSQL when this server's lock connection drops while it lives (a
// database restart, a proxy's idle cut): the locks are taken back on a new connection, and a run
// another server took in the meantime is handed over (the runner stops playing it).

let db: Database;
const opened: RunLocks[] = [];
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await Promise.all(opened.map((l) => l.close()));
  await db?.close();
});

function locks(opts: Parameters<typeof createRunLocks>[1] = {}): RunLocks {
  const l = createRunLocks(db.url, { log: () => {}, ...opts });
  opened.push(l);
  return l;
}

/** End every lock connection, as a database restart would. */
async function dropLockConnections(): Promise<void> {
  await db.prisma.$queryRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'plateau run locks'`;
}

async function until(cond: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const t0 = Date.now();
  while (!(await cond())) {
    if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// Run locks only (the two-key form, in the runs' key space), not the migrations' lock.
const lockHolders = async () =>
  (
    await db.prisma.$queryRaw<Array<{ pid: number }>>`
      SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND classid = ${0x72756e73}::oid`
  ).map((r) => r.pid);
const advisoryLocks = async () => (await lockHolders()).length;

describe("run locks when the lock connection drops", () => {
  it("takes its locks back on a new connection: another server still cannot take the run", async () => {
    const mine = locks({ retryDelaysMs: [50] });
    expect(await mine.tryLock("run-a")).toBe(true);
    const [holder] = await lockHolders();
    await dropLockConnections();
    await until(async () => (await lockHolders()).some((pid) => pid !== holder)); // taken back, on a new connection
    const other = locks();
    expect(await other.tryLock("run-a")).toBe(false);
    await mine.unlock("run-a");
    expect(await other.tryLock("run-a")).toBe(true);
    await other.unlock("run-a");
  });

  it("hands over a run another server took while the connection was down, and keeps the others", async () => {
    const lost: string[] = [];
    const mine = locks({ retryDelaysMs: [1500], onLost: (id) => lost.push(id) });
    expect(await mine.tryLock("run-b")).toBe(true);
    expect(await mine.tryLock("run-c")).toBe(true);
    await dropLockConnections();
    await until(async () => (await advisoryLocks()) === 0);
    const other = locks();
    expect(await other.tryLock("run-b")).toBe(true); // before this server is back
    await until(() => lost.length > 0);
    expect(lost).toEqual(["run-b"]);
    expect(await other.tryLock("run-c")).toBe(false); // run-c was taken back
  });

  it("after close, a dropped connection is not made again", async () => {
    const before = await advisoryLocks();
    const mine = locks({ retryDelaysMs: [20] });
    expect(await mine.tryLock("run-d")).toBe(true);
    expect(await advisoryLocks()).toBe(before + 1);
    await mine.close();
    await until(async () => (await advisoryLocks()) === before);
    await new Promise((r) => setTimeout(r, 200));
    expect(await advisoryLocks()).toBe(before);
  });
});
