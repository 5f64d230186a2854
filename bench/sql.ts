// SQL sandbox figures against issue 12's targets.   npx tsx bench/sql.ts [--driver local|docker] [--runs N] [--gold N]
// Step overhead beyond the query (≤ 5 ms), reset (≤ 50 ms), and the gold policy through the
// session API over Spider's tasks (SR, episodes a minute). Needs plateau/sql (scripts/build-images.sh
// sql) or its tree (scripts/build-rootfs.sh sql). Writes bench/out/sql.json.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createDockerDriver } from "../lib/sandbox/docker";
import { createLocalDriver } from "../lib/sandbox/local";
import type { Sandbox, SandboxDriver, Tty } from "../lib/sandbox/types";
import { SQL_IMAGE } from "../lib/environments/sql/play";
import { runStatement } from "../lib/environments/sql/runStatement";

const flag = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const DRIVER = (flag("--driver") ?? "local") as "local" | "docker";
const RUNS = Number(flag("--runs") ?? 30);
const GOLD = Number(flag("--gold") ?? 1034);
const rows: Array<Record<string, unknown>> = [];
const round = (x: number) => Math.round(x * 10) / 10;

function stats(times: number[]): { median: number; p99: number } {
  const t = [...times].sort((a, b) => a - b);
  const q = (p: number) => t[Math.min(t.length - 1, Math.ceil(p * t.length) - 1)];
  return { median: round(q(0.5)), p99: round(q(0.99)) };
}

function report(figure: string, times: number[], reference: { name: string; times: number[] } | null, target: string): void {
  const s = stats(times);
  const r = reference ? stats(reference.times) : null;
  const ratio = r && r.median > 0 ? round(s.median / r.median) : null;
  rows.push({
    figure,
    runs: times.length,
    ...s,
    reference: reference?.name ?? null,
    referenceMedian: r?.median ?? null,
    ratio,
    target,
  });
  console.log(
    `${figure.padEnd(46)} median ${String(s.median).padStart(7)} ms  p99 ${String(s.p99).padStart(7)} ms${r ? `   ${reference!.name} ${r.median} ms (×${ratio})` : ""}   ${target}`,
  );
}

/** Type a statement at the console; ms until its step's end mark (D) came back. */
function roundTrip(tty: Tty, line: string): Promise<number> {
  return new Promise((resolve) => {
    let out = "";
    const t = performance.now();
    const sub = tty.onData((s) => {
      out += s;
      if (out.includes("\x1b]133;D;")) {
        sub.dispose();
        resolve(performance.now() - t);
      }
    });
    tty.write(`${line}\r`);
  });
}

/** The same statement run by the server alone: a loop of it on one connection inside the sandbox (ms each). */
async function inServer(sb: Sandbox, sql: string, n: number): Promise<number[]> {
  const py = `import pymysql,time,json,sys
c=pymysql.connect(unix_socket='/run/mysqld/mysqld.sock',user='player',database='concert_singer' if 'city' not in sys.argv[1] else 'world_1')
k=c.cursor();out=[]
for i in range(${n}):
  t=time.perf_counter();k.execute(sys.argv[1]);k.fetchall();out.append((time.perf_counter()-t)*1000)
print(json.dumps(out))`;
  const r = await sb.exec(["python3", "-c", py, sql], { timeoutMs: 60_000 });
  if (r.exitCode !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as number[];
}

async function sandboxFigures(driver: SandboxDriver): Promise<void> {
  const sb = await driver.create({ image: SQL_IMAGE });
  try {
    const tty = await sb.attach({ cols: 120, rows: 40 }, { env: { PLATEAU_DB: "concert_singer" } });
    await new Promise((r) => setTimeout(r, 1500)); // the first prompt
    for (const [label, sql] of [
      ["a tiny query (count of 6 rows)", "SELECT count(*) FROM singer"],
      ["a large result (world_1.city, 4,079 rows)", "SELECT * FROM world_1.city"],
    ] as const) {
      await roundTrip(tty, `${sql};`);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await roundTrip(tty, `${sql};`));
      const server = await inServer(sb, sql, RUNS);
      const overhead = times.map((t, i) => t - (server[i] ?? server[0]));
      report(`step: ${label}, typed to its D mark`, times, { name: "the query in the server", times: server }, "");
      report(`step overhead beyond the query: ${label}`, overhead, null, "≤ 5 ms (tiny query)");
    }
    tty.close();
    const execs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await sb.exec(["true"]);
      execs.push(performance.now() - t);
    }
    const reads: number[] = [];
    const writes: number[] = [];
    await sb.reset(); // the first reset loads the reset's module and reads the log from the start
    for (let i = 0; i < RUNS; i++) {
      await runStatement(sb, "concert_singer", "SELECT count(*) FROM singer");
      let t = performance.now();
      await sb.reset();
      reads.push(performance.now() - t);
      await runStatement(sb, "concert_singer", "DELETE FROM singer_in_concert");
      await runStatement(sb, "concert_singer", "CREATE TABLE scratch (x int)");
      t = performance.now();
      await sb.reset();
      writes.push(performance.now() - t);
    }
    const ref = { name: "exec of true", times: execs };
    report("reset after an episode that only read", reads, ref, "≤ 50 ms");
    report("reset after a DELETE and a CREATE TABLE", writes, ref, "≤ 50 ms");
  } finally {
    await sb.destroy();
  }
}

async function goldFigures(): Promise<void> {
  const { startTestPlateau } = await import("../lib/runtime/testing");
  const { closeTestPlateau } = await import("../lib/agents/testing/closeTestPlateau");
  const { ApiEpisodes } = await import("../lib/agents/api/ApiEpisodes");
  const { createEpisode, CreateEpisodeBody, stepEpisode } = await import("../lib/agents/api/episodesApi");
  process.env.PLATEAU_POOL_SIZE ??= "2";
  const p = await startTestPlateau(DRIVER);
  try {
    const d = { prisma: p.db.prisma, sessions: p.sessions, episodes: new ApiEpisodes() };
    const owner = { userId: p.researcherId, role: "researcher" as const };
    const tasks = await p.db.prisma.task.findMany({ where: { dataset: "spider_dev" }, orderBy: { index: "asc" }, take: GOLD });
    let ok = 0;
    const failed: number[] = [];
    const t0 = performance.now();
    for (const task of tasks) {
      const a = await createEpisode(d, "bench", CreateEpisodeBody.parse({ env: "sql", task: task.id }), owner);
      const { episodeId } = a.body as { episodeId: string };
      await stepEpisode(d, "bench", episodeId, task.gold);
      const done = (await stepEpisode(d, "bench", episodeId, "submit")).body as { info: { rewards?: { intercode: number } } };
      if (done.info.rewards?.intercode === 1) ok++;
      else failed.push(task.index);
    }
    const minutes = (performance.now() - t0) / 60_000;
    const row = {
      figure: "gold policy through the session API",
      episodes: tasks.length,
      successes: ok,
      sr: round((100 * ok) / tasks.length),
      episodesPerMinute: round(tasks.length / minutes),
      failed,
    };
    rows.push(row);
    console.log(
      `gold over ${tasks.length} SQL tasks: SR ${row.sr} % (${ok}), ${row.episodesPerMinute} episodes a minute; not 1: ${failed.join(", ") || "none"}`,
    );
  } finally {
    await closeTestPlateau(p);
  }
}

const driver = DRIVER === "docker" ? createDockerDriver() : createLocalDriver();
const st = await driver.status();
if (!st.ok) throw new Error(st.reason);
console.log(
  `bench/sql.ts on the ${DRIVER} driver, ${RUNS} runs; load ${(await import("node:os"))
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
await sandboxFigures(driver);
if (GOLD > 0) await goldFigures();
const out = path.resolve("bench/out");
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, "sql.json"), JSON.stringify({ driver: DRIVER, at: new Date().toISOString(), rows }, null, 2));
process.exit(0);
