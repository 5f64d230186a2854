import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "./index";

// A fresh, real PostgreSQL for one test file: an embedded server in a temporary folder on a free
// port, with the project's migrations applied. Integration tests use this instead of mocks.

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

export async function openTestDatabase(): Promise<Database> {
  if (process.env.PLATEAU_TEST_DATABASE_URL) {
    throw new Error("PLATEAU_TEST_DATABASE_URL is not supported: tests own their database");
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "plateau-testdb-"));
  // As root, initdb runs as a "postgres" user that must be able to enter the folder.
  chmodSync(dir, 0o755);
  const db = await openDatabase({ url: undefined, dataDir: path.join(dir, "pg"), port: await freePort() });
  return {
    ...db,
    async close() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
