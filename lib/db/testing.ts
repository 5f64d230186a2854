import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "./index";

// A fresh, real PostgreSQL for one test file: an embedded server in a temporary folder on a free
// port, with the project's migrations applied. Integration tests use this instead of mocks.
// A test run makes its data folders once (vitest.globalSetup.ts: initdb, migrations, seeds) and each
// file starts from a copy: 0.5 s instead of 2–3 s, and 1.6 s more for the tasks.

/** The folder holding the run's ready-made data folders, one per seed ("empty": migrated only). */
export const TEMPLATES_ENV = "PLATEAU_TEST_DB_TEMPLATES";

/** What a test database holds beyond the schema; `name` is its ready-made folder's. */
export interface TestSeed {
  name: string;
  apply(db: Database): Promise<unknown>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A new folder a "postgres" user can enter (as root, initdb and the server run as that user). */
function enterableTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

/** The data folder of the run's `seed`, if the run made them; null: a test initialises its own. */
function template(seed: TestSeed | undefined): string | null {
  const root = process.env[TEMPLATES_ENV];
  const dir = root && path.join(root, seed?.name ?? "empty");
  return dir && existsSync(path.join(dir, "PG_VERSION")) ? dir : null;
}

/** An embedded server on a free port in `dataDir`: a copy of `copyOf`, or initialised there when null. */
async function openServer(dataDir: string, copyOf: string | null): Promise<Database> {
  // -a keeps the files the "postgres" user's (a root run's initdb made them so).
  if (copyOf) execFileSync("cp", ["-a", copyOf, dataDir]);
  return openDatabase({ url: undefined, dataDir, port: await freePort() });
}

export async function openTestDatabase(seed?: TestSeed): Promise<Database> {
  if (process.env.PLATEAU_TEST_DATABASE_URL) {
    throw new Error("PLATEAU_TEST_DATABASE_URL is not supported: tests own their database");
  }
  const dir = enterableTempDir("plateau-testdb-");
  const from = template(seed);
  const db = await openServer(path.join(dir, "pg"), from);
  if (!from) await seed?.apply(db);
  return {
    ...db,
    async close() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Makes a run's data folders in a new folder, and returns it (for TEMPLATES_ENV): "empty", then one
 * per seed, each started from "empty", seeded, and stopped cleanly (a copy starts with no recovery).
 */
export async function makeTestDatabaseTemplates(seeds: TestSeed[]): Promise<string> {
  const root = enterableTempDir("plateau-testdb-templates-");
  const empty = path.join(root, "empty");
  await (await openServer(empty, null)).close();
  for (const seed of seeds) {
    const db = await openServer(path.join(root, seed.name), empty);
    try {
      await seed.apply(db);
    } finally {
      await db.close();
    }
  }
  return root;
}

/**
 * Send a signal to an embedded server and all its processes, as a fault would reach them: each
 * backend is its own process group, so a group signal does not.
 */
export function signalServer(pid: number, signal: NodeJS.Signals): void {
  const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
    .split("\n")
    .map(Number)
    .filter(Boolean);
  for (const p of signal === "SIGCONT" ? [...children, pid] : [pid, ...children]) {
    try {
      process.kill(p, signal);
    } catch {
      /* a backend that just ended */
    }
  }
}
