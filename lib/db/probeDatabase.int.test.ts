import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, signalServer } from "./testing";
import type { Database } from "./index";
import { probeDatabase } from "./probeDatabase";

// What /api/health says of the database: ok; slow when it does not answer (paused); away when it is
// gone. It asks on a connection of its own (Database.probe), so a pool taken by imports or a flood
// of requests does not make it wait.

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close().catch(() => {}); // killed by the last test
});

describe("the health check's database probe", () => {
  it("answers ok on its own connection while every pooled connection is taken (the pool's own probe is slow then)", async () => {
    expect((await probeDatabase(db.probe, 5000)).state).toBe("ok"); // (its connection made)
    const busy = Array.from({ length: 10 }, () => db.prisma.$queryRaw`SELECT 1 AS one FROM pg_sleep(5)`.then(() => {})); // (then: Prisma runs a query once it is awaited)
    await new Promise((r) => setTimeout(r, 1000));
    // Waits of 2 s rather than 0.5: on a loaded machine even a free connection may take that long.
    const [own, pooled] = await Promise.all([probeDatabase(db.probe, 2000), probeDatabase(db.prisma, 2000)]);
    await Promise.all(busy);
    expect(own.state).toBe("ok");
    expect(pooled.state).toBe("slow");
  });

  it("says slow while the database is paused, and ok again once it goes on", async () => {
    signalServer(db.pid!, "SIGSTOP");
    let paused;
    try {
      paused = await probeDatabase(db.probe);
    } finally {
      signalServer(db.pid!, "SIGCONT");
    }
    expect(paused).toMatchObject({ ok: true, state: "slow", latencyMs: null });
    for (let i = 0; i < 20 && (await probeDatabase(db.probe)).state !== "ok"; i++) await new Promise((r) => setTimeout(r, 250));
    expect((await probeDatabase(db.probe)).state).toBe("ok");
  });

  it("says away, with the reason, once the database is gone", async () => {
    db.kill();
    let probe = await probeDatabase(db.probe);
    for (let i = 0; i < 40 && probe.state !== "away"; i++) {
      await new Promise((r) => setTimeout(r, 250));
      probe = await probeDatabase(db.probe);
    }
    expect(probe).toMatchObject({ ok: false, state: "away", latencyMs: null, error: expect.any(String) });
  });
});
