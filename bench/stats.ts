// bench/stats — the import and the stats against their targets (DESIGN.md's, tightened by issue 16):
//  1. import throughput (episodes/s) of all InterCode logs in ../shared/datasets/intercode/logs, and
//     of ~20,000 episodes (the logs four times over, each copy new bytes) — target ≤ 10 s;
//  2. /api/stats latency over 100,000 synthetic episodes with 1,000,000 steps: the plateau chart
//     (SR@k + table: target ≤ 300 ms; ≤ 1 s from 1,000,000 episodes), and the full response (error
//     rate by turn, overlap, split).
// Each figure is the median and p99 of --iterations runs after warm-up, through the route handler
// (zod → SQL → JSON) on a fresh embedded PostgreSQL. The machine's load average is recorded too.
// Usage: tsx bench/stats.ts [--reps 3] [--iterations 100] [--episodes 100000] [--steps 10] [--only import|stats]
//   [--keep DIR [--pg-port 3751]] [--cases REGEX] [--out .data/bench/stats.json]
// --keep keeps the synthetic database's PostgreSQL in DIR and reuses it when it already holds the
// same episodes (1,000,000 take ~10 minutes to write), migrating it like any other database;
// --cases runs only the latency cases whose label matches.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openTestDatabase } from "../lib/db/testing";
import { openDatabase, type Database, type Db } from "../lib/db";
import { loadTasks } from "../lib/tasks";
import { importLogs } from "../lib/importers";
import { interCodeLogCopies, interCodeLogs, interCodeLogsDir } from "../lib/importers/testing/interCodeLogs";
import { setPlateau } from "../lib/runtime/context";
import { asResearcher, startTestAuth } from "../lib/auth/testing";
import { GET } from "../app/api/stats/route";
import { loadCompare } from "../lib/stats";

const { values } = parseArgs({
  options: {
    reps: { type: "string", default: "3" },
    iterations: { type: "string", default: "100" },
    episodes: { type: "string", default: "100000" },
    steps: { type: "string", default: "10" },
    out: { type: "string", default: ".data/bench/stats.json" },
    only: { type: "string" },
    keep: { type: "string" },
    cases: { type: "string" },
    "pg-port": { type: "string", default: "3751" },
  },
});
const TARGET_IMPORT_S = 10;
/** The chart's target for n episodes: DESIGN.md's 300 ms over 100,000; issue 16's 1 s over 1,000,000. */
const targetChartMs = (episodes: number) => (episodes >= 1_000_000 ? 1000 : 300);
const CHART_CASE = "plateau chart + table, 10 runs, all episodes";

// Synthetic episodes for bench/stats: `episodes` SQL episodes in 10 runs (four strategies, three
// models), each with `stepsPer` steps and an InterCode score, written by PostgreSQL itself.

/** Episodes written per statement: 1,000,000 at once outlast the 60 s statement timeout on a loaded machine. */
const EPISODES_PER_BATCH = 50_000;

async function makeSyntheticEpisodes(prisma: Db, episodes: number, stepsPer: number): Promise<void> {
  await prisma.$executeRaw`SELECT setseed(0.42)`;
  await prisma.$executeRaw`
    INSERT INTO "Run" (id, name, kind, environment, model, strategy, "turnLimit", status, total)
    SELECT 'bench-run-' || i, 'bench run ' || i, 'agent', 'sql', 'model-' || (i % 3),
      (ARRAY['try_again', 'react', 'plan_solve', 'single_turn'])[i % 4 + 1], 10, 'done', ${episodes} / 10
    FROM generate_series(0, 9) AS i`;
  for (let from = 0; from < episodes; from += EPISODES_PER_BATCH) {
    const to = Math.min(episodes, from + EPISODES_PER_BATCH) - 1;
    await prisma.$executeRaw`
      WITH tasks AS (SELECT array_agg(id ORDER BY index) AS ids, count(*)::int AS n FROM "Task" WHERE dataset = 'spider_dev')
      INSERT INTO "Episode" (id, "taskId", "runId", "playerKind", model, strategy, source, status, "turnLimit", turns, "errorRate")
      SELECT 'bench-ep-' || g, tasks.ids[1 + (g / 10) % tasks.n], 'bench-run-' || (g % 10), 'agent', 'model-' || ((g % 10) % 3),
        (ARRAY['try_again', 'react', 'plan_solve', 'single_turn'])[(g % 10) % 4 + 1], 'live', 'submitted', 10,
        1 + floor(random() * 10)::int, random()
      FROM generate_series(${from}::int, ${to}::int) AS g, tasks`;
    // Run k (g % 10) succeeds in 20 + 6k % of its episodes.
    await prisma.$executeRaw`
      INSERT INTO "Score" ("episodeId", mode, reward, success, "solvedAtTurn", "maxRewardIdx", version)
      SELECT id, 'intercode', CASE WHEN ok THEN 1 ELSE round(random()::numeric, 2)::float8 * 0.99 END, ok,
        CASE WHEN ok THEN at END, CASE WHEN ok THEN at - 1 END, 'bench'
      FROM (SELECT 'bench-ep-' || g AS id, random() < 0.2 + 0.06 * (g % 10) AS ok, 1 + floor(random() * 10)::int AS at
            FROM generate_series(${from}::int, ${to}::int) AS g) AS e`;
    await prisma.$executeRaw`
      INSERT INTO "Step" ("episodeId", index, action, observation, admissible, reward)
      SELECT 'bench-ep-' || g, s, 'SELECT name FROM singer WHERE age > ' || s, 'Error executing query: Unknown column ''nme'' in ''field list'' (synthetic ' || s || ')',
        random() > 0.3, 0
      FROM generate_series(${from}::int, ${to}::int) AS g CROSS JOIN generate_series(0, ${stepsPer - 1}) AS s`;
  }
  await prisma.$executeRaw`ANALYZE`;
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}
const load = () => os.loadavg().map((x) => Math.round(x * 10) / 10);

async function importBench(reps: number) {
  const out: Record<string, unknown> = {};
  const logs = interCodeLogs();
  for (const [label, times] of [
    ["all logs once", 1],
    ["all logs four times (~20,000 episodes)", 4],
  ] as const) {
    const runs: { seconds: number; episodes: number; steps: number; perSecond: number }[] = [];
    for (let r = 0; r < reps; r++) {
      const db = await openTestDatabase();
      try {
        await loadTasks(db.prisma, "data/intercode");
        const files = interCodeLogCopies(logs, times);
        const t0 = performance.now();
        const report = await importLogs(db.prisma, files);
        const seconds = (performance.now() - t0) / 1000;
        if (report.rejected.length) throw new Error(report.rejected[0].message);
        const episodes = report.runs.reduce((s, x) => s + x.episodes, 0);
        runs.push({ seconds, episodes, steps: await db.prisma.step.count(), perSecond: episodes / seconds });
      } finally {
        await db.close();
      }
      process.stderr.write(`  import, ${label}: ${runs.at(-1)!.episodes} episodes in ${runs.at(-1)!.seconds.toFixed(2)} s\n`);
    }
    const seconds = runs.map((x) => x.seconds);
    out[label] = {
      episodes: runs[0].episodes,
      steps: runs[0].steps,
      medianSeconds: quantile(seconds, 0.5),
      maxSeconds: Math.max(...seconds),
      medianEpisodesPerSecond: quantile(
        runs.map((x) => x.perSecond),
        0.5,
      ),
      runs,
    };
  }
  return out;
}

/** The synthetic database: a fresh one, or the kept one in `keep` (written only when it does not hold these episodes). */
async function syntheticDatabase(episodes: number, stepsPer: number, keep: string | undefined): Promise<Database> {
  const db = keep
    ? await openDatabase({ url: undefined, dataDir: path.resolve(keep), port: Number(values["pg-port"]) })
    : await openTestDatabase();
  try {
    const [held] = await db.prisma.$queryRaw<{ episodes: number; steps: number }[]>`
      SELECT (SELECT count(*) FROM "Episode")::int AS episodes, (SELECT count(*) FROM "Step")::int AS steps`;
    if (held.episodes === episodes && held.steps === episodes * stepsPer) {
      process.stderr.write(`  reusing ${keep}: ${episodes} synthetic episodes, ${held.steps} steps\n`);
      return db;
    }
    if (held.episodes) throw new Error(`${keep} holds ${held.episodes} episodes, not ${episodes}: remove it first`);
    await loadTasks(db.prisma, "data/intercode");
    const t0 = performance.now();
    await makeSyntheticEpisodes(db.prisma, episodes, stepsPer);
    process.stderr.write(
      `  ${episodes} synthetic episodes, ${await db.prisma.step.count()} steps in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
    );
    return db;
  } catch (err) {
    await db.close();
    throw err;
  }
}

async function latencyBench(episodes: number, steps: number, iterations: number) {
  const db = await syntheticDatabase(episodes, steps, values.keep);
  try {
    const access = startTestAuth(db.prisma);
    setPlateau({
      prisma: db.prisma,
      databaseKind: "embedded",
      sandbox: { driver: null, reason: "bench" },
      auth: access.auth,
      origins: access.origins,
      tokens: access.tokens,
      live: null,
      uploadReader: null,
    });
    const size = `${episodes} episodes, ${episodes * steps} steps`;
    // "page:" cases are the Compare page's loader (lib/stats loadCompare) on that URL, the others /api/stats.
    const allRuns = Array.from({ length: 10 }, (_, i) => `bench run ${i}`).join(",");
    const cases: [string, string][] = [
      [CHART_CASE, "errorByTurn=0&overlap=0"],
      [`Compare page, 10 runs (${size}): runs, task sets, chart, table, split`, `page:runs=${allRuns}`],
      [`Compare page by strategy (${size}): runs, task sets, chart, table, split, overlap`, "page:group=strategy"],
      [`plateau chart + table by strategy (${size})`, "group=strategy&errorByTurn=0&overlap=0"],
      [`full response, 10 runs (${size}; no overlap: more than 8 groups)`, ""],
      [`full response by strategy, with overlap and hardness split (${size})`, "group=strategy&split=hardness"],
      [
        `full response, 2 runs (${episodes / 5} episodes), with overlap and split`,
        "runs=bench%20run%201,bench%20run%202&split=hardness",
      ],
      [
        `Compare page's first response, 2 runs: chart, table, split, overlap (error rate by turn follows)`,
        "runs=bench%20run%201,bench%20run%202&split=hardness&errorByTurn=0",
      ],
      [
        `Compare page's first response by strategy (${size}): chart, table, split, overlap`,
        "group=strategy&split=hardness&errorByTurn=0",
      ],
    ];
    const out: Record<string, unknown> = {};
    for (const [label, query] of cases.filter(([label]) => !values.cases || new RegExp(values.cases).test(label))) {
      const call = async () => {
        if (query.startsWith("page:")) return JSON.stringify(await loadCompare(db.prisma, new URLSearchParams(query.slice(5))));
        const res = await GET(asResearcher(`http://bench/api/stats?${query}`));
        if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
        return res.text();
      };
      for (let i = 0; i < 3; i++) await call();
      const ms: number[] = [];
      let bytes = 0;
      for (let i = 0; i < iterations; i++) {
        const t = performance.now();
        bytes = (await call()).length;
        ms.push(performance.now() - t);
      }
      out[label] = {
        query: query.startsWith("page:") ? `/compare?${query.slice(5)}` : `/api/stats?${query}`,
        medianMs: quantile(ms, 0.5),
        p99Ms: quantile(ms, 0.99),
        bytes,
        iterations,
      };
      process.stderr.write(`  ${label}: median ${quantile(ms, 0.5).toFixed(1)} ms, p99 ${quantile(ms, 0.99).toFixed(1)} ms\n`);
    }
    return out;
  } finally {
    await db.close();
  }
}

async function main() {
  const report: Record<string, unknown> = {
    when: new Date().toISOString(),
    logs: interCodeLogsDir(),
    cpus: os.cpus().length,
    loadBefore: load(),
  };
  process.stderr.write(`bench/stats: load average ${load().join(" ")}\n`);
  const targets: Record<string, unknown> = {};
  if (values.only !== "stats") {
    report.import = await importBench(Number(values.reps));
    const imp = report.import as Record<string, { medianSeconds: number; medianEpisodesPerSecond: number; episodes: number }>;
    const big = imp["all logs four times (~20,000 episodes)"];
    targets.importSeconds = {
      target: TARGET_IMPORT_S,
      measured: big.medianSeconds,
      episodes: big.episodes,
      ok: big.medianSeconds <= TARGET_IMPORT_S,
    };
    console.log(
      `import: ${imp["all logs once"].episodes} episodes at ${imp["all logs once"].medianEpisodesPerSecond.toFixed(0)} episodes/s; ` +
        `${big.episodes} episodes in ${big.medianSeconds.toFixed(1)} s (target ≤ ${TARGET_IMPORT_S} s)`,
    );
  }
  report.loadBetween = load();
  let chart: { medianMs: number; p99Ms: number } | undefined;
  if (values.only !== "import") {
    report.stats = await latencyBench(Number(values.episodes), Number(values.steps), Number(values.iterations));
    chart = (report.stats as Record<string, { medianMs: number; p99Ms: number } | undefined>)[CHART_CASE];
  }
  if (chart) {
    const chartTargetMs = targetChartMs(Number(values.episodes));
    targets.plateauChartMs = {
      target: chartTargetMs,
      median: chart.medianMs,
      p99: chart.p99Ms,
      ok: chart.p99Ms <= chartTargetMs,
    };
    console.log(
      `plateau chart over ${values.episodes} episodes: median ${chart.medianMs.toFixed(0)} ms, p99 ${chart.p99Ms.toFixed(0)} ms (target ≤ ${chartTargetMs} ms)`,
    );
  }
  report.loadAfter = load();
  report.targets = targets;
  mkdirSync(path.dirname(values.out!), { recursive: true });
  writeFileSync(values.out!, JSON.stringify(report, null, 2));
  console.log(
    `load average ${(report.loadBefore as number[]).join(" ")} → ${load().join(" ")} on ${os.cpus().length} cores; report: ${values.out}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
