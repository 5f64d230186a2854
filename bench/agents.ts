// bench/agents — the agent harness against DESIGN.md's target, on the docker driver:
//  1. harness overhead per agent step beyond the command's own time (median, p99), for built-in
//     policies (the batch runner) and for the session API's step handler;
//  2. batch throughput (episodes/min) of the gold policy over the 200 Bash tasks (file systems
//     1-4) at concurrency 1 and 4 — and the gold policy's success rate, with every task where the
//     gold does not reproduce itself.
//  3. where a step's time goes: the harness's own code, the live session and shell (typing, the
//     shell's marks), and what the session API's handler adds.
//  With --execution intercode the gold runs in InterCode's execution, and "solved" means the
//  intercode-mode reward (the paper's): the plateau-mode gold runs the command as written.
// Usage: tsx bench/agents.ts [--tasks all] [--concurrency 1,4] [--api-steps 49] [--skip-runs] [--url URL --token T]
//                            [--execution terminal|intercode] [--out .data/bench/agents.json]
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import os from "node:os";
import { startTestPlateau, type TestPlateau } from "../lib/runtime/testing";
import { closeTestPlateau } from "../lib/agents/testing/closeTestPlateau";
import { AgentRunner } from "../lib/agents/runs/AgentRunner";
import type { PlayOutcome } from "../lib/agents/playEpisode";
import { ApiEpisodes } from "../lib/agents/api/ApiEpisodes";
import { actOnce } from "../lib/agents/actOnce";
import { closeEpisode, createEpisode, CreateEpisodeBody, stepEpisode } from "../lib/agents/api/episodesApi";
import { EXECUTIONS, type Execution } from "../lib/sessions/ActionExecutor";

const { values } = parseArgs({
  options: {
    tasks: { type: "string", default: "all" },
    concurrency: { type: "string", default: "1,4" },
    "api-steps": { type: "string", default: "200" },
    out: { type: "string", default: ".data/bench/agents.json" },
    "skip-runs": { type: "boolean", default: false },
    execution: { type: "string", default: "terminal" },
    /** Also measure steps over HTTP against a running Plateau (its URL and an API token). */
    url: { type: "string" },
    token: { type: "string" },
  },
});
const TARGET_OVERHEAD_MS = 5;
const execution = values.execution as Execution;
if (!EXECUTIONS.includes(execution)) throw new Error(`--execution is one of ${EXECUTIONS.join(", ")}`);
const solvedMode = execution === "intercode" ? "intercode" : "plateau";

function quantile(xs: number[], q: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}
const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : "–");

async function main() {
  const p = await startTestPlateau("docker");
  const report: Record<string, unknown> = {
    when: new Date().toISOString(),
    driver: "docker",
    tasks: values.tasks,
    execution,
    loadAverage: os.loadavg(),
    cpus: os.cpus().length,
  };
  try {
    if (!values["skip-runs"]) await batchRuns(p, report);
    await apiSteps(p, report);
    if (values.url && values.token) await httpSteps(values.url, values.token, report);
  } finally {
    report.loadAverageAfter = os.loadavg();
    mkdirSync(path.dirname(values.out!), { recursive: true });
    writeFileSync(values.out!, JSON.stringify(report, null, 2));
    console.log(
      `\nwritten to ${values.out} (load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(" ")} on ${os.cpus().length} CPUs)`,
    );
    await closeTestPlateau(p);
  }
}

async function batchRuns(p: TestPlateau, report: Record<string, unknown>) {
  const prisma = p.db.prisma;
  {
    // Warm the images and the gold-run cache's code paths (not measured).
    const outcomes = new Map<string, PlayOutcome | null>();
    const runner = new AgentRunner({
      prisma,
      sessions: p.sessions,
      onEpisode: (e) => outcomes.set(e.episodeId, e.outcome),
      log: () => {},
    });
    const warm = await runner.create({
      policy: "gold",
      tasks: "fs1:0,fs2:0,fs3:0,fs4:0",
      turnLimit: 3,
      concurrency: 4,
      execution,
      name: `bench warm-up ${Date.now()}`,
    });
    while (runner.isActive(warm.runId)) await new Promise((r) => setTimeout(r, 200));
    outcomes.clear();

    const runs: Array<Record<string, unknown>> = [];
    const stepOverheads: number[] = [];
    const harnessOwn: number[] = [];
    for (const c of values.concurrency!.split(",").map(Number)) {
      const t0 = Date.now();
      const { runId, total } = await runner.create({
        policy: "gold",
        tasks: values.tasks!,
        turnLimit: 3,
        concurrency: c,
        execution,
        name: `bench gold ${execution} c${c} ${Date.now()}`,
      });
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
      const own: number[] = [];
      for (const e of eps) {
        for (const t of outcomes.get(e.id)?.timings ?? []) {
          overheads.push(t.wallMs - t.commandMs);
          own.push(t.wallMs - t.sessionMs);
        }
      }
      stepOverheads.push(...overheads);
      harnessOwn.push(...own);
      const failures = eps
        .filter((e) => !e.scores.find((s) => s.mode === solvedMode)?.success)
        .map((e) => {
          const plateau = e.scores.find((s) => s.mode === "plateau");
          const intercode = e.scores.find((s) => s.mode === "intercode");
          const last = e.steps.filter((s) => s.action !== "submit").at(-1);
          return {
            task: `${e.task.dataset}:${e.task.index}`,
            taskId: e.taskId,
            status: e.status,
            error: e.error,
            gold: e.task.gold,
            plateau: plateau?.reward ?? null,
            intercode: intercode?.reward ?? null,
            breakdown: e.scores.find((s) => s.mode === solvedMode)?.breakdown ?? null,
            observation: last?.observation.slice(0, 400) ?? null,
            exitCode: last?.exitCode ?? null,
          };
        });
      const solved = eps.length - failures.length;
      const solvedOther = eps.filter((e) => e.scores.find((s) => s.mode !== solvedMode)?.success).length;
      const run = {
        execution,
        solvedMode,
        solvedInOtherMode: solvedOther,
        concurrency: c,
        episodes: eps.length,
        seconds: Math.round(seconds * 10) / 10,
        episodesPerMinute: Math.round((eps.length / seconds) * 60 * 10) / 10,
        sr: eps.length ? solved / eps.length : 0,
        solved,
        stepOverheadMs: { median: quantile(overheads, 0.5), p99: quantile(overheads, 0.99), n: overheads.length },
        failures,
      };
      runs.push(run);
      console.log(
        `gold c=${c}: ${eps.length} episodes in ${run.seconds} s = ${run.episodesPerMinute} episodes/min; SR (${solvedMode} mode) ${(run.sr * 100).toFixed(1)} % (${solved}/${eps.length}; the other mode ${solvedOther}); step overhead median ${fmt(run.stepOverheadMs.median)} ms, p99 ${fmt(run.stepOverheadMs.p99)} ms`,
      );
      for (const f of failures)
        console.log(
          `   not solved: ${f.task} [${f.status}] plateau ${f.plateau} intercode ${f.intercode} — ${f.gold}${f.error ? ` — ${f.error}` : ""}`,
        );
    }
    report.runs = runs;
    report.runnerStepOverheadMs = {
      median: quantile(stepOverheads, 0.5),
      p99: quantile(stepOverheads, 0.99),
      n: stepOverheads.length,
      target: TARGET_OVERHEAD_MS,
    };
    report.runnerHarnessOwnMs = { median: quantile(harnessOwn, 0.5), p99: quantile(harnessOwn, 0.99), n: harnessOwn.length };

    const ro = report.runnerStepOverheadMs as { median: number; p99: number; n: number };
    const ho = report.runnerHarnessOwnMs as { median: number; p99: number };
    console.log(
      `\nbatch runner (gold, ${ro.n} steps): overhead per step beyond the command's own time median ${fmt(ro.median)} ms, p99 ${fmt(ro.p99)} ms (target ≤ ${TARGET_OVERHEAD_MS} ms)`,
    );
    console.log(
      `  of which the agent harness's own code (outside the live session): median ${fmt(ho.median)} ms, p99 ${fmt(ho.p99)} ms`,
    );
  }
}

/**
 * `true`, alternately typed straight into the session (runAction) and through the session API's step
 * handler (HTTP excluded): what the session and the shell cost beyond the command, and what the API adds.
 */
async function apiSteps(p: TestPlateau, report: Record<string, unknown>) {
  const api = { prisma: p.db.prisma, sessions: p.sessions, episodes: new ApiEpisodes() };
  const n = Math.min(Number(values["api-steps"]), 49);
  const created = await createEpisode(
    api,
    "bench",
    CreateEpisodeBody.parse({ task: "fs4:0", turnLimit: 100, timeoutMs: 10_000 }),
    { userId: p.researcherId, role: "researcher" },
  );
  const id = (created.body as { episodeId: string }).episodeId;
  const session = p.sessions.get(id)!;
  const direct: number[] = [];
  const handler: number[] = [];
  for (let i = 0; i < n; i++) {
    await new Promise((r) => setTimeout(r, 50)); // let the prompt of the last step arrive
    const a1 = await actOnce(session, "true", 10_000);
    if (a1.kind === "step") direct.push(a1.wallMs - a1.r.step!.durationMs);
    await new Promise((r) => setTimeout(r, 50));
    const t0 = performance.now();
    const a = (await stepEpisode(api, "bench", id, "true")).body as { info: { durationMs: number } };
    handler.push(performance.now() - t0 - a.info.durationMs);
  }
  await closeEpisode(api, "bench", id);
  const q = (xs: number[]) => ({ median: quantile(xs, 0.5), p99: quantile(xs, 0.99), n: xs.length });
  report.sessionStepOverheadMs = q(direct);
  report.apiStepOverheadMs = { ...q(handler), target: TARGET_OVERHEAD_MS };
  console.log(`\nper step of \`true\`, beyond the command's own time (target ≤ ${TARGET_OVERHEAD_MS} ms):`);
  console.log(`  typed straight into the session (actOnce):   median ${fmt(q(direct).median)} ms, p99 ${fmt(q(direct).p99)} ms`);
  console.log(
    `  through the session API's step handler:      median ${fmt(q(handler).median)} ms, p99 ${fmt(q(handler).p99)} ms`,
  );
}

/** The same steps through HTTP (Next route, token check, JSON) against a running server. */
async function httpSteps(url: string, token: string, report: Record<string, unknown>) {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const post = async (path: string, body: unknown) =>
    (await fetch(`${url}${path}`, { method: "POST", headers, body: JSON.stringify(body) })).json();
  const created = await post("/api/v1/episodes", { task: "fs4:0", turnLimit: 100 });
  const over: number[] = [];
  for (let i = 0; i < Math.min(Number(values["api-steps"]), 49); i++) {
    await new Promise((r) => setTimeout(r, 50));
    const t0 = performance.now();
    const r = await post(`/api/v1/episodes/${created.episodeId}/step`, { action: "true" });
    over.push(performance.now() - t0 - r.info.durationMs);
  }
  await fetch(`${url}/api/v1/episodes/${created.episodeId}`, { method: "DELETE", headers });
  report.httpStepOverheadMs = { median: quantile(over, 0.5), p99: quantile(over, 0.99), n: over.length, url };
  console.log(`  over HTTP (${url}):                 median ${fmt(quantile(over, 0.5))} ms, p99 ${fmt(quantile(over, 0.99))} ms`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
