import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDatabase } from "./testing";
import type { Database } from "./index";
import type { Db } from "./client";

// Pool hygiene: a statement over its limit is cut, and a request that finds every pooled connection
// taken fails after the connection wait instead of waiting for ever. The limits are settings
// (PLATEAU_DB_STATEMENT_TIMEOUT_MS, PLATEAU_DB_CONNECT_TIMEOUT_MS), short here.

let db: Database;
let small: Db;
beforeAll(async () => {
  db = await openTestDatabase();
  vi.stubEnv("PLATEAU_DB_CONNECT_TIMEOUT_MS", "1000");
  vi.stubEnv("PLATEAU_DB_STATEMENT_TIMEOUT_MS", "3000");
  vi.resetModules(); // the client module reads the settings when it loads
  const { createPrisma } = await import("./client");
  vi.unstubAllEnvs();
  small = createPrisma(db.url, 1);
  await small.$queryRaw`SELECT 1`; // its one connection made
});
afterAll(async () => {
  await small?.$disconnect();
  await db?.close();
});

describe("the database pool's limits", () => {
  it("cuts a statement that runs past its limit, saying so", async () => {
    await expect(small.$queryRaw`SELECT 1 AS one FROM pg_sleep(8)`).rejects.toThrow(/statement timeout/);
    expect(await small.$queryRaw`SELECT 1 AS one`).toEqual([{ one: 1 }]); // the connection still works
  });

  it("fails a query that finds every pooled connection taken once the connection wait is over", async () => {
    const holding = small.$queryRaw`SELECT 1 AS one FROM pg_sleep(2.5)`.then(() => "done");
    await new Promise((r) => setTimeout(r, 100));
    await expect(small.$queryRaw`SELECT 2 AS two`).rejects.toThrow(/timeout/i);
    expect(await holding).toBe("done");
  });
});
