import { runPlateau } from "./testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../lib/db/testing";
import type { Database } from "../../lib/db";

// `plateau rescore` refuses what it cannot re-score, before any sandbox starts: a real process, a real database.

let db: Database;

const plateau = (...args: string[]) => runPlateau(db.url, ...args);

beforeAll(async () => {
  db = await openTestDatabase();
  await db.prisma.run.create({ data: { name: "an agent run", kind: "agent", status: "done" } });
}, 120_000);
afterAll(async () => db?.close());

describe("npx plateau rescore", { timeout: 120_000 }, () => {
  it("refuses an unknown run and a run that is not imported, saying why, with exit code 2", async () => {
    const unknown = await plateau("rescore", "--run", "nope");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('plateau rescore: no run is named "nope"');
    const agent = await plateau("rescore", "--run", "an agent run");
    expect(agent.code).toBe(2);
    expect(agent.stderr).toContain(
      'run "an agent run" is not an imported run (its kind is "agent"): only imported runs are re-scored',
    );
  });

  it("refuses bad arguments with the usage", async () => {
    const none = await plateau("rescore");
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("name the imported run to re-score with --run NAME");
    expect(none.stderr).toContain("plateau rescore --run NAME [--concurrency N] [--json]");
    const bad = await plateau("rescore", "--run", "x", "--concurrency", "0");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--concurrency must be a whole number from 1 to 32, not "0"');
  });
});
