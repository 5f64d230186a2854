// bench/sqlLogs — every action of InterCode's SQL logs through `intercode` execution's statement
// path, fast: one sandbox, one Python process running each action on a connection of its own (USE
// carried, autocommit off and rolled back after it, as `plateau-console --exec` but for the commit),
// groups in MySQL 8's order as runAsMysql runs them (ORDER BY NULL added, the statement as written
// again after a syntax error), the result put in InterCode's words (interCodeResult), the rewards at InterCode's turns against
// the gold's rows. The shares `plateau rescore` gives, in seconds instead of hours on a loaded
// machine; not the rescore itself (no session, no recording, no fresh sandbox per episode: a CREATE
// TABLE an action commits stays for later episodes). `plateau rescore` of a sample checks it.
// Usage: tsx bench/sqlLogs.ts [--driver local|docker] [--out .data/bench/sql-logs.json] [LOG FILE|DIR…]   (default: data/intercode/logs/sql)
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { listLogFiles } from "../lib/importers";
import { parseLog } from "../lib/importers/intercode/parseLog";
import { asLoggedObservation, asLoggedReward, replayActionOf, scoredEveryAction } from "../lib/agents/rescore/replayAction";
import { observationCause } from "../lib/agents/rescore/observationCause";
import { REWARD_TOLERANCE } from "../lib/agents/rescore/rescoreReport";
import { interCodeResult } from "../lib/environments/sql/interCodeResult";
import { mysqlGroupOrder } from "../lib/environments/sql/mysqlGroupOrder";
import { mysqlReservedWordError } from "../lib/environments/sql/mysqlReservedWords";
import { mysqlOnlyFullGroupByError } from "../lib/environments/sql/mysqlOnlyFullGroupBy";
import { isOnClauseError, onClauseProbes } from "../lib/environments/sql/mysqlOnClauseOrder";
import type { Sandbox } from "../lib/sandbox/types";
import { agentObservation, sqlResultOf, type SqlResult } from "../lib/environments/sql/result";
import { SQL_IMAGE } from "../lib/environments/sql/play";
import { loadSqlTasks } from "../lib/environments/sql/tasks";
import { score } from "../lib/rewards";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { driver: { type: "string", default: "local" }, out: { type: "string", default: ".data/bench/sql-logs.json" } },
});
const tasks = loadSqlTasks(path.resolve("data/intercode"));
const asMysql = (sql: string) => mysqlGroupOrder(sql);

// Runs {golds: {key: {db, sql, alt}}, episodes: [{db, actions: [[sql, alt]…]}]} (alt: the statement with
// ORDER BY NULL, or null); prints {golds: {key: result}, episodes: [[result…]]}.
const BATCH = `import json, sys
sys.path.insert(0, "/usr/local/lib/plateau/console")
import pymysql
from sql_console import result_of, SOCKET
req = json.loads(sys.stdin.read())
def run(db, sql, alt=None):
    cx = pymysql.connect(unix_socket=SOCKET, user="player", autocommit=False, charset="utf8mb4")
    try:
        if db:
            try: cx.select_db(db)
            except pymysql.Error: db = None
        cur = cx.cursor()
        cur.execute("SET SESSION max_statement_time = 10")
        try:
            cur.execute(alt or sql); r = result_of(cur)
        except pymysql.Error as e:
            r = result_of(cur, e)
            if alt and r.get("code") == 1064:
                return run(db, sql)
        c = cx.cursor(); c.execute("SELECT DATABASE()"); db = c.fetchone()[0]
        cx.rollback()
    finally:
        cx.close()
    return r, db
out = {"golds": {k: run(g["db"], g["sql"], g["alt"])[0] for k, g in req["golds"].items()}, "episodes": []}
for ep in req["episodes"]:
    db, res = ep["db"], []
    for a, alt in ep["actions"]:
        r, db = run(db, a, alt)
        res.append(r)
    out["episodes"].append(res)
json.dump(out, sys.stdout)`;

/** What runAsMysql makes of a result: MySQL 8's refusals (the current database taken as the task's). */
function asMysql8(sql: string, db: string | null, ran: SqlResult | null): SqlResult | null {
  return mysqlReservedWordError(sql) ?? (ran && "rows" in ran ? mysqlOnlyFullGroupByError(sql, db) : null) ?? ran;
}

interface Tally {
  steps: number;
  equal: number;
  asMariaDb: number;
  rewards: number;
  equalRewards: number;
  causes: Record<string, number>;
  rewardDisagreements: Record<string, string[]>;
  /** Every observation that differs, by cause (in the --out file). */
  examples: Record<string, { task: number; action: string; logged: string; now: string }[]>;
}

function check(
  file: string,
  results: { golds: Record<string, unknown>; episodes: unknown[][] },
  log: ReturnType<typeof parseLog>,
  visible: (db: string) => boolean,
): Tally {
  const t: Tally = {
    steps: 0,
    equal: 0,
    asMariaDb: 0,
    rewards: 0,
    equalRewards: 0,
    causes: {},
    rewardDisagreements: {},
    examples: {},
  };
  log.episodes.forEach((e, k) => {
    const task = tasks[e.taskIndex];
    const gold = asMysql8(task.gold, task.db ?? null, sqlResultOf(results.golds[e.taskIndex]));
    const goldRows = gold && "rows" in gold ? gold.rows : [];
    const reward = (r: SqlResult | null) =>
      asLoggedReward(
        "sql",
        log.strategy,
        score("sql", { agent: agentObservation(r), gold: goldRows, goldQuery: task.gold }, "intercode"),
      );
    const turns: number[] = [];
    let first: string | null = null;
    let last: SqlResult | null = null;
    let j = 0;
    for (const s of e.steps) {
      const a = replayActionOf(s.action, log.strategy, s.observation);
      if (a.kind !== "run") continue;
      const raw = asMysql8(a.action, task.db ?? null, sqlResultOf(results.episodes[k][j++]));
      if (!raw) throw new Error(`${file}: no result for ${a.action}`);
      last = interCodeResult(a.action, raw, visible);
      t.steps += 1;
      if (raw.text === s.observation) t.asMariaDb += 1;
      const now = asLoggedObservation(log.strategy, last.text);
      const cause = observationCause(a.action, s.observation, now);
      if (!cause) t.equal += 1;
      else {
        t.causes[cause] = (t.causes[cause] ?? 0) + 1;
        (t.examples[cause] ??= []).push({
          task: e.taskIndex,
          action: a.action,
          logged: s.observation.slice(0, 3000),
          now: now.slice(0, 3000),
        });
        first ??= cause;
      }
      if (scoredEveryAction(log.strategy)) turns.push(reward(last));
    }
    if (!scoredEveryAction(log.strategy) || turns.length === 0) turns.push(reward(last));
    t.rewards += 1;
    const now = Math.max(...turns);
    if (Math.abs(now - e.score.reward) <= REWARD_TOLERANCE) t.equalRewards += 1;
    else (t.rewardDisagreements[first ?? "state"] ??= []).push(`spider_dev:${e.taskIndex} logged ${e.score.reward} now ${now}`);
  });
  return t;
}

interface BatchRequest {
  golds: Record<string, { db: string | undefined; sql: string; alt: string | null }>;
  episodes: { db: string | undefined; actions: [string, string | null][] }[];
}

async function batch(
  sb: Sandbox,
  req: BatchRequest,
  file: string,
): Promise<{ golds: Record<string, unknown>; episodes: unknown[][] }> {
  const r = await sb.exec(["python3", "-c", BATCH], {
    stdin: JSON.stringify(req),
    timeoutMs: 3_600_000,
    maxOutputBytes: 1 << 30,
  });
  if (r.exitCode !== 0) throw new Error(`${file}: ${r.stderr.slice(-2000)}`);
  return JSON.parse(r.stdout);
}

async function main() {
  const driver =
    values.driver === "docker"
      ? (await import("../lib/sandbox/docker")).createDockerDriver()
      : (await import("../lib/sandbox/local")).createLocalDriver();
  const sb = await driver.create({ image: SQL_IMAGE });
  const report: Record<string, unknown> = { when: new Date().toISOString(), driver: values.driver, logs: [] as unknown[] };
  try {
    const dbs = await sb.exec(["mariadb", "--user=player", "--batch", "--skip-column-names", "-e", "SHOW DATABASES"]);
    const visible = new Set(dbs.stdout.split("\n").filter(Boolean));
    for (const file of listLogFiles(
      (positionals.length ? positionals : ["data/intercode/logs/sql"]).map((p) => path.resolve(p)),
    )) {
      const log = parseLog(path.basename(file), readFileSync(file));
      if (log.environment !== "sql") continue;
      const t0 = performance.now();
      const req: BatchRequest = {
        golds: Object.fromEntries(
          log.episodes.map((e) => [
            e.taskIndex,
            { db: tasks[e.taskIndex].db, sql: tasks[e.taskIndex].gold, alt: asMysql(tasks[e.taskIndex].gold) },
          ]),
        ),
        episodes: log.episodes.map((e) => ({
          db: tasks[e.taskIndex].db,
          actions: e.steps.flatMap((s) => {
            const a = replayActionOf(s.action, log.strategy, s.observation);
            return a.kind === "run" ? [[a.action, asMysql(a.action)] as [string, string | null]] : [];
          }),
        })),
      };
      const results = await batch(sb, req, file);
      // as runAsMysql: an unknown column of several ON conditions asked again of each alone, the last first
      const asked = req.episodes.flatMap((ep, k) =>
        ep.actions.flatMap(([sql], j) => {
          const r = sqlResultOf(results.episodes[k][j]);
          return r && isOnClauseError(r) ? [{ k, j, db: ep.db, probes: onClauseProbes(sql) }] : [];
        }),
      );
      const answers = await batch(
        sb,
        { golds: {}, episodes: asked.map((a) => ({ db: a.db, actions: a.probes.map((p) => [p, null]) })) },
        file,
      );
      asked.forEach((a, n) => {
        const first = answers.episodes[n].map(sqlResultOf).find((r) => r && isOnClauseError(r));
        if (first) results.episodes[a.k][a.j] = first;
      });
      const t = check(file, results, log, (d) => visible.has(d.toLowerCase()));
      const pct = (a: number, b: number) => `${a} / ${b} (${((100 * a) / b).toFixed(1)} %)`;
      console.log(`${path.basename(file)}: ${log.episodes.length} episodes in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      console.log(
        `  observations: ${pct(t.equal, t.steps)} (MariaDB's own words: ${pct(t.asMariaDb, t.steps)}); rewards: ${pct(t.equalRewards, t.rewards)}`,
      );
      console.log(`  observations that differ, by cause: ${JSON.stringify(t.causes)}`);
      console.log(`  rewards that differ, by the first differing observation's cause: ${JSON.stringify(t.rewardDisagreements)}`);
      (report.logs as unknown[]).push({ file: path.basename(file), episodes: log.episodes.length, ...t });
    }
  } finally {
    await sb.destroy();
  }
  mkdirSync(path.dirname(values.out!), { recursive: true });
  writeFileSync(values.out!, JSON.stringify(report, null, 2));
}

await main();
process.exit(0);
