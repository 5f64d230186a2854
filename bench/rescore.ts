// bench/rescore — `plateau rescore` of InterCode's logs on the real engine (docker driver, or PLATEAU_SANDBOX=local): how long
// it takes (minutes, episodes/min, each episode's wall time median/p99) and what it finds (the share
// of logged observations and rewards reproduced, every disagreement by cause). Beside it, the
// reference in the same run: the same logged actions executed InterCode's way (one `bash -c` exec
// per action in a fresh sandbox, nothing recorded, nothing scored) for a sample of episodes; for a
// SQL log, each action one `runStatement` (the intercode executor's query, untranslated, unscored).
// Usage: [PLATEAU_SANDBOX=local] tsx bench/rescore.ts [--concurrency 2] [--sample 20] [--out .data/bench/rescore.json] [LOG FILE|DIR…]
//        (default: data/intercode/logs/bash, each file its own run)
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openTestDatabase } from "../lib/db/testing";
import { loadTasks } from "../lib/tasks";
import { importLogs, listLogFiles } from "../lib/importers";
import { openRescoreEngine, rescoreRun, type RescoreReport } from "../lib/agents/rescore";
import { replayActionOf } from "../lib/agents/rescore/replayAction";
import { reportText } from "../scripts/cli/rescore";
import { bashImage } from "../lib/environments";
import { execAsInterCode } from "../lib/environments/bash/execAsInterCode";
import { bashArgv } from "../lib/environments/bash/intercodeArgv";
import { SQL_IMAGE } from "../lib/environments/sql/play";
import { runStatement } from "../lib/environments/sql/runStatement";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    concurrency: { type: "string", default: "2" },
    sample: { type: "string", default: "20" },
    out: { type: "string", default: ".data/bench/rescore.json" },
  },
});
const concurrency = Number(values.concurrency);
const files = listLogFiles((positionals.length ? positionals : ["data/intercode/logs/bash"]).map((p) => path.resolve(p)));

function quantile(xs: number[], q: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}

async function main() {
  const db = await openTestDatabase();
  const out: Record<string, unknown> = {
    when: new Date().toISOString(),
    concurrency,
    loadAverage: os.loadavg(),
    cpus: os.cpus().length,
    runs: [] as unknown[],
  };
  const live = await openRescoreEngine(db.prisma, { concurrency });
  try {
    await loadTasks(db.prisma, path.resolve("data/intercode"));
    const walls: number[] = [];
    let episodes = 0;
    let steps = 0;
    let equalSteps = 0;
    let rewardsCompared = 0;
    let equalRewards = 0;
    const t0 = Date.now();
    for (const file of files) {
      const imported = await importLogs(db.prisma, [{ name: path.basename(file), content: readFileSync(file) }]);
      const run = imported.runs[0];
      if (!run) throw new Error(`${file}: not imported (${imported.rejected.map((r) => r.message).join("; ")})`);
      let last = Date.now();
      const t1 = Date.now();
      const report: RescoreReport = await rescoreRun(db.prisma, live.engine, {
        run: run.name,
        concurrency,
        playable: live.playable,
        onProgress: (p) => {
          // Episodes finish one after another per worker: the gap between completions, times the concurrency, is one episode's wall time.
          const now = Date.now();
          if (p.episodeId) walls.push((now - last) * concurrency);
          last = now;
          process.stderr.write(`\r${run.name}: ${p.done}/${p.total}${p.error ? ` (error: ${p.error})` : ""}   `);
        },
      });
      const minutes = (Date.now() - t1) / 60_000;
      process.stderr.write("\n");
      console.log(
        `${reportText(run.name, report)}\n  ${minutes.toFixed(1)} min, ${(report.rescored / minutes).toFixed(1)} episodes/min\n`,
      );
      (out.runs as unknown[]).push({ run: run.name, minutes, report });
      episodes += report.rescored;
      steps += report.steps.compared;
      equalSteps += report.steps.equal;
      rewardsCompared += report.rewards.compared;
      equalRewards += report.rewards.equal;
    }
    const minutes = (Date.now() - t0) / 60_000;
    const reference = await bareReplay(db.prisma, Number(values.sample));
    const ep = { median: quantile(walls, 0.5), p99: quantile(walls, 0.99) };
    out.total = {
      episodes,
      minutes,
      episodesPerMinute: episodes / minutes,
      steps,
      equalSteps,
      stepShare: equalSteps / steps,
      rewardsCompared,
      equalRewards,
      rewardShare: equalRewards / rewardsCompared,
      episodeWallMs: ep,
      reference,
    };
    console.log(
      `all: ${episodes} episodes in ${minutes.toFixed(1)} min (${(episodes / minutes).toFixed(1)} episodes/min, ${concurrency} at a time)`,
    );
    console.log(
      `observations reproduce: ${equalSteps}/${steps} (${((100 * equalSteps) / steps).toFixed(1)} %); rewards: ${equalRewards}/${rewardsCompared} (${((100 * equalRewards) / rewardsCompared).toFixed(1)} %)`,
    );
    console.log(
      `episode wall time (ms), median / p99: rescore ${ep.median.toFixed(0)} / ${ep.p99.toFixed(0)} · bare InterCode-way execution ${reference.median.toFixed(0)} / ${reference.p99.toFixed(0)} · ratio ${(ep.median / reference.median).toFixed(2)} / ${(ep.p99 / reference.p99).toFixed(2)}`,
    );
  } finally {
    out.loadAverageAfter = os.loadavg();
    mkdirSync(path.dirname(values.out!), { recursive: true });
    writeFileSync(values.out!, JSON.stringify(out, null, 2));
    await live.close();
    await db.close();
  }
}

/** The reference: a sample of the imported episodes' actions, each one exec in a fresh sandbox per episode, one at a time. */
async function bareReplay(prisma: Awaited<ReturnType<typeof openTestDatabase>>["prisma"], n: number) {
  // The same driver the rescore used (PLATEAU_SANDBOX, else docker).
  const driver =
    process.env.PLATEAU_SANDBOX === "local"
      ? await (await import("../lib/sandbox/local")).createLocalDriver()
      : await (await import("../lib/sandbox/docker")).createDockerDriver();
  const eps = await prisma.episode.findMany({
    where: { source: "import", task: { environment: { in: ["bash", "sql"] } } },
    take: n,
    orderBy: { id: "asc" },
    include: { task: true, steps: { orderBy: { index: "asc" } } },
  });
  const ms: number[] = [];
  for (const e of eps) {
    const t0 = performance.now();
    const sql = e.task.environment === "sql";
    const sandbox = await driver.create({ image: sql ? SQL_IMAGE : bashImage(e.task.fileSystem ?? 1) });
    try {
      let db = e.task.db;
      for (const s of e.steps) {
        const a = replayActionOf(s.action, e.strategy, s.observation);
        if (a.kind !== "run") continue;
        if (sql) db = (await runStatement(sandbox, db, a.action)).db;
        else {
          const argv = bashArgv(a.action, "intercode");
          if ("argv" in argv) await execAsInterCode(sandbox, argv.argv, "/", 10_000);
        }
      }
    } finally {
      await sandbox.destroy();
    }
    ms.push(performance.now() - t0);
  }
  return { episodes: eps.length, median: quantile(ms, 0.5), p99: quantile(ms, 0.99) };
}

await main();
