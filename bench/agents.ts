// bench/agents — the agent harness against DESIGN.md's target, on the docker driver:
//  1. harness overhead per agent step beyond the command's own time (median, p99), for built-in
//     policies (the batch runner) and for the session API's step handler;
//  2. batch throughput (episodes/min) of the gold policy over the 200 Bash tasks (file systems
//     1-4) at concurrency 1 and 4 — and the gold policy's success rate, with every task where the
//     gold does not reproduce itself.
//  3. where a step's time goes: typing → echo (pty and docker), echo → command start (the shell's
//     PS0 hook that reports the command line), the command, its end → the observation handed back.
// Usage: tsx bench/agents.ts [--tasks all] [--concurrency 1,4] [--api-steps 99] [--skip-runs] [--out .data/bench/agents.json]
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import os from "node:os";
import { startTestPlateau, type TestPlateau } from "../lib/runtime/testing";
import { ServerEvents, type SessionState } from "../lib/sessions/protocol";
import { closeTestPlateau } from "../lib/agents/testing/closeTestPlateau";
import { AgentRunner } from "../lib/agents/runs/AgentRunner";
import type { PlayOutcome } from "../lib/agents/playEpisode";
import { ApiEpisodes } from "../lib/agents/api/ApiEpisodes";
import { closeEpisode, createEpisode, CreateEpisodeBody, stepEpisode } from "../lib/agents/api/episodesApi";

const { values } = parseArgs({
  options: {
    tasks: { type: "string", default: "all" },
    concurrency: { type: "string", default: "1,4" },
    "api-steps": { type: "string", default: "200" },
    out: { type: "string", default: ".data/bench/agents.json" },
    "skip-runs": { type: "boolean", default: false },
  },
});
const TARGET_OVERHEAD_MS = 5;

function quantile(xs: number[], q: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}
const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : "–");

async function main() {
  const p = await startTestPlateau("docker");
  const report: Record<string, unknown> = { when: new Date().toISOString(), driver: "docker", tasks: values.tasks, loadAverage: os.loadavg(), cpus: os.cpus().length };
  try {
    if (!values["skip-runs"]) await batchRuns(p, report);
    await apiSteps(p, report);
  } finally {
    report.loadAverageAfter = os.loadavg();
    mkdirSync(path.dirname(values.out!), { recursive: true });
    writeFileSync(values.out!, JSON.stringify(report, null, 2));
    console.log(`\nwritten to ${values.out} (load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")} on ${os.cpus().length} CPUs)`);
    await closeTestPlateau(p);
  }
}

async function batchRuns(p: TestPlateau, report: Record<string, unknown>) {
  const prisma = p.db.prisma;
  {
    // Warm the images and the gold-run cache's code paths (not measured).
    const outcomes = new Map<string, PlayOutcome | null>();
    const runner = new AgentRunner({ prisma, sessions: p.sessions, onEpisode: (e) => outcomes.set(e.episodeId, e.outcome), log: () => {} });
    const warm = await runner.create({ policy: "gold", tasks: "fs1:0,fs2:0,fs3:0,fs4:0", turnLimit: 3, concurrency: 4, name: `bench warm-up ${Date.now()}` });
    while (runner.isActive(warm.runId)) await new Promise((r) => setTimeout(r, 200));
    outcomes.clear();

    const runs: Array<Record<string, unknown>> = [];
    const stepOverheads: number[] = [];
    for (const c of values.concurrency!.split(",").map(Number)) {
      const t0 = Date.now();
      const { runId, total } = await runner.create({ policy: "gold", tasks: values.tasks!, turnLimit: 3, concurrency: c, name: `bench gold c${c} ${Date.now()}` });
      let lastLog = 0;
      while (runner.isActive(runId)) {
        await new Promise((r) => setTimeout(r, 250));
        if (Date.now() - lastLog > 15_000) {
          lastLog = Date.now();
          const pr = await runner.progress(runId);
          process.stderr.write(`  concurrency ${c}: ${pr?.done}/${total} after ${Math.round((Date.now() - t0) / 1000)} s\n`);
        }
      }
      const seconds = (Date.now() - t0) / 1000;
      const eps = await prisma.episode.findMany({
        where: { runId },
        include: { task: true, scores: true, steps: { orderBy: { index: "asc" } } },
        orderBy: [{ task: { dataset: "asc" } }, { task: { index: "asc" } }],
      });
      const overheads: number[] = [];
      for (const e of eps) for (const t of outcomes.get(e.id)?.timings ?? []) overheads.push(t.wallMs - t.commandMs);
      stepOverheads.push(...overheads);
      const failures = eps
        .filter((e) => !e.scores.find((s) => s.mode === "plateau")?.success)
        .map((e) => {
          const plateau = e.scores.find((s) => s.mode === "plateau");
          const intercode = e.scores.find((s) => s.mode === "intercode");
          const last = e.steps.filter((s) => s.action !== "submit").at(-1);
          return {
            task: `${e.task.dataset}:${e.task.index}`, taskId: e.taskId, status: e.status, error: e.error,
            gold: e.task.gold, plateau: plateau?.reward ?? null, intercode: intercode?.reward ?? null, breakdown: plateau?.breakdown ?? null,
            observation: last?.observation.slice(0, 400) ?? null, exitCode: last?.exitCode ?? null,
          };
        });
      const solved = eps.length - failures.length;
      const run = {
        concurrency: c, episodes: eps.length, seconds: Math.round(seconds * 10) / 10, episodesPerMinute: Math.round((eps.length / seconds) * 60 * 10) / 10,
        sr: eps.length ? solved / eps.length : 0, solved,
        stepOverheadMs: { median: quantile(overheads, 0.5), p99: quantile(overheads, 0.99), n: overheads.length },
        failures,
      };
      runs.push(run);
      console.log(`gold c=${c}: ${eps.length} episodes in ${run.seconds} s = ${run.episodesPerMinute} episodes/min; SR ${(run.sr * 100).toFixed(1)} % (${solved}/${eps.length}); step overhead median ${fmt(run.stepOverheadMs.median)} ms, p99 ${fmt(run.stepOverheadMs.p99)} ms`);
      for (const f of failures) console.log(`   not solved: ${f.task} [${f.status}] plateau ${f.plateau} intercode ${f.intercode} — ${f.gold}${f.error ? ` — ${f.error}` : ""}`);
    }
    report.runs = runs;
    report.runnerStepOverheadMs = { median: quantile(stepOverheads, 0.5), p99: quantile(stepOverheads, 0.99), n: stepOverheads.length, target: TARGET_OVERHEAD_MS };

    const ro = report.runnerStepOverheadMs as { median: number; p99: number; n: number };
    console.log(`\nbatch runner (gold, ${ro.n} steps): overhead per step beyond the command's own time median ${fmt(ro.median)} ms, p99 ${fmt(ro.p99)} ms (target ≤ ${TARGET_OVERHEAD_MS} ms)`);
  }
}

/** The session API's step handler (HTTP and validation excluded): `true` in one episode, with a breakdown. */
async function apiSteps(p: TestPlateau, report: Record<string, unknown>) {
  const api = { prisma: p.db.prisma, sessions: p.sessions, episodes: new ApiEpisodes() };
  const n = Math.min(Number(values["api-steps"]), 99);
  const created = await createEpisode(api, "bench", CreateEpisodeBody.parse({ task: "fs4:0", turnLimit: 100, timeoutMs: 10_000 }));
  const id = (created.body as { episodeId: string }).episodeId;
  const session = p.sessions.get(id)!;
  let mark: { echo?: number; start?: number; end?: number } = {};
  await session.attach({
    id: "bench", canType: false,
    emit: (event, payload) => {
      const t = performance.now();
      if (event === ServerEvents.output) mark.echo ??= t;
      else if (event === ServerEvents.state && (payload as SessionState).busy) mark.start ??= t;
      else if (event === ServerEvents.step) mark.end ??= t;
    },
  });
  const over: number[] = [];
  const parts = { typingToEcho: [] as number[], echoToStart: [] as number[], command: [] as number[], endToReturn: [] as number[], durationMs: [] as number[] };
  for (let i = 0; i < n; i++) {
    await new Promise((r) => setTimeout(r, 20));
    mark = {};
    const t0 = performance.now();
    const r = (await stepEpisode(api, "bench", id, "true")).body as { info: { durationMs: number } };
    const t1 = performance.now();
    over.push(t1 - t0 - r.info.durationMs);
    parts.durationMs.push(r.info.durationMs);
    if (mark.echo && mark.start && mark.end) {
      parts.typingToEcho.push(mark.echo - t0);
      parts.echoToStart.push(mark.start - mark.echo);
      parts.command.push(mark.end - mark.start);
      parts.endToReturn.push(t1 - mark.end);
    }
  }
  session.detach("bench");
  await closeEpisode(api, "bench", id);
  const q = (xs: number[]) => ({ median: quantile(xs, 0.5), p99: quantile(xs, 0.99) });
  report.apiStepOverheadMs = { ...q(over), n: over.length, target: TARGET_OVERHEAD_MS };
  report.apiStepBreakdownMs = Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, q(v)]));
  const ao = report.apiStepOverheadMs as { median: number; p99: number };
  console.log(`session API step handler (${over.length} × \`true\`): overhead per step beyond the command's own time median ${fmt(ao.median)} ms, p99 ${fmt(ao.p99)} ms (target ≤ ${TARGET_OVERHEAD_MS} ms)`);
  for (const [k, v] of Object.entries(parts)) console.log(`  ${k.padEnd(13)} median ${fmt(q(v).median)} ms, p99 ${fmt(q(v).p99)} ms`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
