// bench/pythonGold — the gold policy over InterCode's 974 MBPP tasks in the Python environment (docker
// driver; PLATEAU_SANDBOX=local: bubblewrap): each task's gold typed into the console of a fresh plateau/python sandbox, `submit`,
// both scorings (intercode, mucode) in a scratch sandbox. Prints SR in each and every failure by cause,
// and episodes/min with the median / p99 time per episode.
// Until the live session drives consoles through lib/sessions/console.ts, the console is driven here
// directly (lib/environments/python/testing/playConsole.ts), as python.int.test.ts does.
// Usage: tsx bench/pythonGold.ts [--from 0] [--to 974] [--concurrency 2] [--out .data/bench/python-gold.json]
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createDockerDriver } from "../lib/sandbox/docker";
import { createLocalDriver } from "../lib/sandbox/local";
import type { Sandbox } from "../lib/sandbox/types";
import { loadPythonTasks } from "../lib/environments/python/tasks";
import { mbppTask } from "../lib/environments/python/mbppTask";
import { PYTHON_IMAGE, scorePythonEpisode } from "../lib/environments/python/scorer";
import { openConsole } from "../lib/environments/python/testing/playConsole";
import { pythonResultOf } from "../lib/environments/python/stepResult";

const { values } = parseArgs({
  options: {
    from: { type: "string", default: "0" },
    to: { type: "string", default: "974" },
    concurrency: { type: "string", default: "2" },
    out: { type: "string", default: ".data/bench/python-gold.json" },
  },
});

interface Row {
  index: number;
  intercode: number;
  mucode: boolean;
  ms: number;
  cause: string | null;
}

const tasks = loadPythonTasks(path.join(process.cwd(), "data/intercode"));
const queue = tasks.map((_, i) => i).slice(Number(values.from), Number(values.to));
const driver = process.env.PLATEAU_SANDBOX === "local" ? createLocalDriver() : createDockerDriver();
const rows: Row[] = [];

/** Why a gold did not score 1: what the console said of the gold itself, else the first differing test. */
function causeOf(
  gold: string | undefined,
  s: Record<string, { reward: number; success: boolean; breakdown: Record<string, unknown> }>,
): string | null {
  if (s.intercode.reward === 1 && s.mucode.success) return null;
  if (gold) return `the gold raised in the console: ${gold}`;
  const differing =
    (s.intercode.breakdown.differing as
      { agent: { error: string | null } | null; gold: { error: string | null } | null }[] | undefined) ?? [];
  if (differing.length) {
    const d = differing[0];
    return `a test differs from the fresh gold run: console side ${d.agent?.error ?? "passed"}, gold side ${d.gold?.error ?? "passed"}`;
  }
  return `mucode: ${JSON.stringify(s.mucode.breakdown)}`;
}

async function worker(scratch: Sandbox) {
  while (queue.length) {
    const i = queue.shift()!;
    const t0 = Date.now();
    const task = mbppTask(tasks[i]);
    const sb = await driver.create({ image: PYTHON_IMAGE, labels: { "dev.plateau.bench": "python-gold" } });
    try {
      const c = await openConsole(sb, task);
      const gold = await c.run(task.gold);
      await c.run("submit");
      const r = pythonResultOf(gold);
      const goldError = r?.kind === "code" && r.result.error ? r.result.error : undefined;
      const s = Object.fromEntries((await scorePythonEpisode(task, c.steps, "submit", scratch)).map((x) => [x.mode, x]));
      rows.push({
        index: i,
        intercode: s.intercode.reward,
        mucode: s.mucode.success,
        ms: Date.now() - t0,
        cause: causeOf(goldError, s),
      });
      c.tty.close();
    } catch (err) {
      rows.push({
        index: i,
        intercode: 0,
        mucode: false,
        ms: Date.now() - t0,
        cause: `harness: ${(err as Error).message.slice(0, 200)}`,
      });
    } finally {
      void sb.destroy().catch(() => {});
    }
    if (rows.length % 50 === 0) console.log(`${rows.length} done`);
  }
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const started = Date.now();
const n = Number(values.concurrency);
const scratches = await Promise.all(
  Array.from({ length: n }, () => driver.create({ image: PYTHON_IMAGE, labels: { "dev.plateau.bench": "python-gold" } })),
);
try {
  await Promise.all(scratches.map(worker));
} finally {
  await Promise.all(scratches.map((s) => s.destroy().catch(() => {})));
}
const minutes = (Date.now() - started) / 60_000;
const ok = rows.filter((r) => r.intercode === 1).length;
const mu = rows.filter((r) => r.mucode).length;
console.log(`gold policy, ${rows.length} MBPP tasks, ${driver.name} driver, concurrency ${n}:`);
console.log(`  intercode reward 1: ${ok}/${rows.length} (${((100 * ok) / rows.length).toFixed(1)} %)`);
console.log(`  mucode success:     ${mu}/${rows.length} (${((100 * mu) / rows.length).toFixed(1)} %)`);
console.log(
  `  ${(rows.length / minutes).toFixed(1)} episodes/min; per episode median ${pct(
    rows.map((r) => r.ms),
    50,
  )} ms, p99 ${pct(
    rows.map((r) => r.ms),
    99,
  )} ms`,
);
for (const r of rows.filter((x) => x.cause).sort((a, b) => a.index - b.index))
  console.log(`  mbpp:${r.index}: intercode ${r.intercode}, mucode ${r.mucode}: ${r.cause}`);
mkdirSync(path.dirname(values.out!), { recursive: true });
writeFileSync(values.out!, JSON.stringify({ rows, minutes }, null, 1));
