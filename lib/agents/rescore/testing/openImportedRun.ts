import path from "node:path";
import { readFileSync } from "node:fs";
import { openTestDatabase } from "../../../db/testing";
import type { Database } from "../../../db";
import { loadTasks } from "../../../tasks";
import { importLogs } from "../../../importers";
import { openRescoreEngine, type RescoreEngine } from "..";

export interface ImportedRun {
  db: Database;
  live: RescoreEngine;
  close(): Promise<void>;
}

/** The rescore tests' start: a test database with the task catalog and one log imported as `run`, and a rescore engine on `driver`. */
export async function openImportedRun(o: {
  log: string;
  run: string;
  driver: string;
  concurrency: number;
}): Promise<ImportedRun> {
  process.env.PLATEAU_SANDBOX = o.driver;
  const db = await openTestDatabase();
  let live: RescoreEngine;
  try {
    await loadTasks(db.prisma, path.resolve("data/intercode"));
    await importLogs(db.prisma, [{ name: path.basename(o.log), content: readFileSync(o.log) }], { run: o.run });
    live = await openRescoreEngine(db.prisma, { concurrency: o.concurrency });
  } catch (e) {
    await db.close(); // a start that failed leaves no database behind
    throw e;
  }
  return {
    db,
    live,
    async close() {
      await live.close();
      await db.close();
    },
  };
}
