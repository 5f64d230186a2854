// The SQL sandbox on both drivers, against the real plateau/sql image (docker) and its exported
// tree (local): the service is up when create() returns, the terminal runs the SQL console with
// the task's database, a statement is a step with its result, a reset undoes every write, and the
// reward of a gold query is 1. Needs scripts/build-images.sh sql and scripts/build-rootfs.sh sql.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDockerDriver } from "../../sandbox/docker";
import { createLocalDriver } from "../../sandbox/local";
import type { Sandbox, SandboxDriver, Tty } from "../../sandbox/types";
import { mark } from "../../sandbox/testing";
import type { CompletedStep } from "../../sessions/steps";
import { createSqlInterCodeExecutor } from "./executor";
import { SQL_IMAGE } from "./play";
import { runStatement } from "./runStatement";
import { createSqlScorer } from "./scorer";

const TASK = {
  id: 1,
  environment: "sql",
  dataset: "spider_dev",
  query: "How many singers do we have?",
  gold: "SELECT count(*) FROM singer",
  fileSystem: null,
  db: "concert_singer",
  extra: {},
};

/** Everything the console wrote until its next prompt, and the step's marks decoded. */
async function statement(tty: Tty, line: string): Promise<{ out: string; result: unknown; code: number }> {
  let out = "";
  const sub = tty.onData((s) => (out += s));
  tty.write(`${line}\r`);
  const prompt = mark(tty, "133;B");
  try {
    for (
      const end = Date.now() + 20_000;
      !(out.includes("\x1b]133;D;") && out.endsWith(prompt));
      await new Promise((r) => setTimeout(r, 10))
    ) {
      if (Date.now() > end) throw new Error(`no prompt after ${line}: ${JSON.stringify(out.slice(-400))}`);
    }
  } finally {
    sub.dispose();
  }
  const r = new RegExp(`\\x1b\\]633;R;([A-Za-z0-9+/=]*);${tty.markNonce}\\x07`).exec(out);
  const d = new RegExp(`\\x1b\\]133;D;(\\d+);${tty.markNonce}\\x07`).exec(out);
  return { out, result: r ? JSON.parse(Buffer.from(r[1], "base64").toString("utf8")) : null, code: Number(d?.[1]) };
}

async function firstPrompt(tty: Tty): Promise<string> {
  let out = "";
  const sub = tty.onData((s) => (out += s));
  for (const end = Date.now() + 20_000; !out.endsWith(mark(tty, "133;B")); await new Promise((r) => setTimeout(r, 10))) {
    if (Date.now() > end) throw new Error(`no first prompt: ${JSON.stringify(out.slice(-400))}`);
  }
  sub.dispose();
  return out;
}

/** Every table the dump inserts rows into, as `db`.`table`. */
function dumpedTables(): string[] {
  let db = "";
  const tables: string[] = [];
  for (const line of readFileSync(path.resolve("data/intercode/tasks/sql/ic_spider_dbs.sql"), "utf8").split("\n")) {
    db = /^USE `([^`]+)`;/.exec(line)?.[1] ?? db;
    const t = /^INSERT INTO `([^`]+)`/.exec(line)?.[1];
    if (t) tables.push(`\`${db}\`.\`${t}\``);
  }
  return [...new Set(tables)];
}

const WANT = (process.env.PLATEAU_TEST_DRIVERS ?? "docker,local").split(",");
const drivers: [string, () => SandboxDriver][] = (
  [
    ["docker", () => createDockerDriver()],
    ["local", () => createLocalDriver()],
  ] as [string, () => SandboxDriver][]
).filter(([n]) => WANT.includes(n));

describe.each(drivers)("the SQL sandbox (%s driver)", (_name, make) => {
  let driver: SandboxDriver;
  let sb: Sandbox;

  beforeAll(async () => {
    driver = make();
    const st = await driver.status();
    if (!st.ok) throw new Error(`${st.reason}`);
    if (!(await driver.hasImage(SQL_IMAGE)))
      throw new Error(`no ${SQL_IMAGE}: run scripts/build-images.sh sql && scripts/build-rootfs.sh sql`);
    sb = await driver.create({ image: SQL_IMAGE, labels: { "dev.plateau.test": "sql.int" } });
  }, 300_000);

  afterAll(async () => {
    await sb?.destroy();
  });

  it("loads every table the dump fills: none is empty (world_1's country, 239 rows, once was)", async () => {
    const filled = dumpedTables();
    expect(filled.length).toBeGreaterThan(70);
    const sql = filled.map((t) => `SELECT '${t}', COUNT(*) FROM ${t}`).join(" UNION ALL ");
    const r = await sb.exec(["mariadb", "--user=root", "--batch", "--skip-column-names", "-e", sql], {
      user: "root",
      timeoutMs: 30_000,
    });
    expect(r.stderr).toBe("");
    const counts = new Map(
      r.stdout
        .trim()
        .split("\n")
        .map((l) => l.split("\t"))
        .map(([t, n]) => [t, Number(n)]),
    );
    expect(filled.filter((t) => !(counts.get(t)! > 0))).toEqual([]);
    expect(counts.get("`world_1`.`country`")).toBe(239);
  });

  it("starts the console in the task's database: a statement is a step with its table, its rows and exit 0; an error exits 1", async () => {
    const tty = await sb.attach({ cols: 100, rows: 30 }, { env: { PLATEAU_DB: "concert_singer" } });
    expect(await firstPrompt(tty)).toContain("MariaDB [concert_singer]> ");
    const ok = await statement(tty, "SELECT Name, Age FROM singer WHERE Age > 40 ORDER BY Age;");
    expect(ok.out).toContain(
      `${mark(tty, "633;E;SELECT Name, Age FROM singer WHERE Age > 40 ORDER BY Age\\x3b")}${mark(tty, "133;C")}`,
    );
    expect(ok.out).toMatch(/\| Name +\| Age \|/);
    const rows = (ok.result as { rows: [string, number][] }).rows;
    expect(ok.result).toMatchObject({ columns: ["Name", "Age"], text: `[${rows.map(([n, a]) => `('${n}', ${a})`).join(", ")}]` });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every(([, a], k) => a > 40 && (k === 0 || rows[k - 1][1] <= a))).toBe(true);
    expect(ok.code).toBe(0);
    const bad = await statement(tty, "SELECT nope FROM singer;");
    expect(bad.code).toBe(1);
    expect(bad.result).toMatchObject({ code: 1054, text: "Error executing query: Unknown column 'nope' in 'SELECT'" }); // MySQL 8: in 'field list'
    // a statement over two lines: the continuation prompt, then one step
    const two = await statement(tty, "SELECT COUNT(*)\rFROM singer;");
    expect(two.out).toContain(mark(tty, "633;F"));
    expect(two.result).toMatchObject({ rows: [[6]], text: "[(6,)]" });
    const use = await statement(tty, "USE world_1;");
    expect(use.out).toContain("MariaDB [world_1]> ");
    tty.close();
  }, 120_000);

  it("a reset undoes CREATE TABLE and DELETE: the next episode sees the pristine databases", async () => {
    const write = async (sql: string) =>
      expect((await runStatement(sb, "concert_singer", sql)).result).not.toHaveProperty("error");
    await write("DELETE FROM singer_in_concert");
    await write("DELETE FROM singer WHERE Age > 30");
    await write("CREATE TABLE leftover (x int)");
    await write("CREATE TABLE pets_1.leftover2 AS SELECT 1 AS y");
    expect((await runStatement(sb, "concert_singer", "SELECT COUNT(*) FROM singer")).result).toMatchObject({
      rows: [[expect.any(Number)]],
    });
    const t = performance.now();
    await sb.reset();
    console.log(`sql reset after writes: ${(performance.now() - t).toFixed(1)} ms`);
    expect((await runStatement(sb, "concert_singer", "SELECT COUNT(*) FROM singer")).result).toMatchObject({ rows: [[6]] });
    expect((await runStatement(sb, "concert_singer", "SELECT COUNT(*) FROM singer_in_concert")).result).toMatchObject({
      rows: [[10]],
    });
    const tables = await runStatement(sb, "concert_singer", "SHOW TABLES");
    expect(JSON.stringify(tables.result)).not.toContain("leftover");
    expect(JSON.stringify((await runStatement(sb, "pets_1", "SHOW TABLES")).result)).not.toContain("leftover2");
    const t2 = performance.now();
    await sb.reset();
    console.log(`sql reset after reads only: ${(performance.now() - t2).toFixed(1)} ms`);
  }, 120_000);

  it("refuses what the player's account may not do", async () => {
    for (const sql of [
      "CREATE DATABASE other",
      "SELECT * FROM mysql.user",
      "SELECT * FROM plateau_pristine_concert_singer.singer",
      "SET GLOBAL max_connections = 1",
      "SELECT LOAD_FILE('/etc/passwd')",
    ]) {
      const r = (await runStatement(sb, "concert_singer", sql)).result;
      if ("rows" in r)
        expect(r.rows).toEqual([[null]]); // LOAD_FILE without FILE: NULL
      else expect(r).toHaveProperty("error");
    }
  });

  it("scores the gold query's own rows 1 in both modes, and the intercode executor runs one query per action", async () => {
    const gold = await runStatement(sb, TASK.db, TASK.gold);
    const step = { action: TASK.gold, result: gold.result } as unknown as CompletedStep;
    const { scores } = await createSqlScorer(TASK).score({ sandbox: sb, steps: [step], submitted: "submit" });
    expect(scores.map((s) => [s.mode, s.reward])).toEqual([
      ["intercode", 1],
      ["plateau", 1],
    ]);
    const wrong = { action: "SELECT 1", result: { columns: ["1"], rows: [[1]], text: "[(1,)]" } } as unknown as CompletedStep;
    expect(
      (await createSqlScorer(TASK).score({ sandbox: sb, steps: [wrong], submitted: "submit" })).scores.map((s) => s.reward),
    ).toEqual([0, 0]);

    const exec = createSqlInterCodeExecutor(sb, TASK);
    expect((await exec("SELECT COUNT(*) FROM singer", 10_000)).observation).toBe("[(6,)]");
    expect((await exec("USE world_1", 10_000)).prompt).toContain("MariaDB [world_1]> ");
    expect((await exec("SELECT COUNT(*) FROM city;", 10_000)).exitCode).toBe(0);
    const two = await exec("SELECT 1; SELECT 2", 10_000);
    expect(two.exitCode).toBe(1);
    expect(two.observation).toMatch(/^Error executing query: You have an error in your SQL syntax/);
    // an error reads as InterCode's MySQL 8 worded it; the step's result keeps MariaDB's own message
    const unknown = await exec("SELECT nope FROM city", 10_000);
    expect(unknown.observation).toBe("Error executing query: Unknown column 'nope' in 'field list'");
    expect(unknown.result).toMatchObject({ code: 1054, error: "Unknown column 'nope' in 'SELECT'" });
    expect((await exec("SELECT * FROM world.city", 10_000)).observation).toBe("Error executing query: Unknown database 'world'");
    expect(two.observation).toContain("MySQL server version");
    expect((await exec("DESC concert_singer.singer", 10_000)).observation).toMatch(
      /^\[\('Singer_ID', 'int', 'NO', 'PRI', None, 'auto_increment'\), /,
    ); // MariaDB: int(11)
    // what MySQL 8 refused or ordered otherwise, as InterCode's logs show it
    expect((await exec("SELECT MAX(rank) FROM poker_player.poker_player", 10_000)).observation).toBe(
      "Error executing query: You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near ') FROM poker_player.poker_player' at line 1",
    );
    expect((await exec("SELECT Nationality, COUNT(*) FROM poker_player.people GROUP BY Nationality", 10_000)).observation).toBe(
      "[('Russia', 6), ('Bulgaria', 1)]",
    ); // MariaDB sorts the groups: Bulgaria first
    expect((await exec("SELECT MIN(Population), Name FROM city", 10_000)).observation).toBe(
      "Error executing query: In aggregated query without GROUP BY, expression #2 of SELECT list contains nonaggregated column 'world_1.city.Name'; this is incompatible with sql_mode=only_full_group_by",
    );
    expect(
      (
        await exec(
          "SELECT COUNT(*) FROM city AS a1 JOIN country AS c ON a1.nope = c.Code JOIN city AS a2 ON a2.nope2 = c.Code",
          10_000,
        )
      ).observation,
    ).toBe("Error executing query: Unknown column 'a2.nope2' in 'on clause'"); // MariaDB names a1.nope, the first ON's
  }, 60_000);
});
