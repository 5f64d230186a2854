import path from "node:path";
import { openDatabase, type Database } from "../../lib/db";
import { embeddedUrl } from "../../lib/db/embedded";

// The CLI talks to the database directly: DATABASE_URL, else Plateau's embedded server under .data.
// When a running Plateau holds the embedded server, connect to that server instead of starting one.

export async function connect(log: (msg: string) => void): Promise<Database> {
  if (process.env.DATABASE_URL) return openDatabase();
  try {
    return await openDatabase();
  } catch (err) {
    const msg = (err as Error).message;
    const held = /already running \(pid (\d+)\)/.exec(msg);
    if (!held) throw err;
    const port = Number(process.env.PLATEAU_PG_PORT ?? 5433);
    log(`plateau: the embedded PostgreSQL is held by a running Plateau (pid ${held[1]}); using it on 127.0.0.1:${port}`);
    try {
      return await openDatabase({ url: embeddedUrl(path.resolve(process.env.PLATEAU_DATA_DIR ?? ".data", "postgres"), port) });
    } catch (inner) {
      throw new Error(
        `${msg}. Connecting to it on port ${port} failed too (${(inner as Error).message}); set PLATEAU_PG_PORT to the port that Plateau uses, or DATABASE_URL`,
      );
    }
  }
}
