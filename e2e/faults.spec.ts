import { test, expect } from "@playwright/test";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { signalServer } from "../lib/db/testing";
import { E2E_PORT } from "./accounts";
import {
  containersOf,
  operatorApi,
  type Api,
  postgresPid,
  processesLeft,
  startFaultServer,
  storedEpisodes,
  until,
  type FaultServer,
  type StoredEpisode,
  nothingLeft,
} from "./faultServer";

// The fault suite's process half: `npm start` as an operator runs it, stopped by a terminal's Ctrl-C
// (SIGINT to its whole process group), by a service manager's SIGTERM to npm alone, and killed with
// -9 (mid-episode and mid-run), and a second Ctrl-C that forces the stop. Every episode an agent was answered for is stored with every step it was answered;
// nothing of Plateau (server, PostgreSQL, containers) is left running after a stop.

// Its own ports: E2E_PORT + 1 is the e2e server's fake LLM endpoint (accounts.ts).
const PORT = E2E_PORT + 2;
const PG_PORT = Number(process.env.E2E_PG_PORT ?? 5544) + 1;
const execFileAsync = promisify(execFile);

test.describe.configure({ mode: "serial", timeout: 420_000 });

/** n agent episodes through the session API, each answered `steps` actions; what they were answered. */
async function playAgents(server: FaultServer, n: number, steps: number): Promise<Map<string, string[]>> {
  const call = await operatorApi(server, PG_PORT);
  const answered = new Map<string, string[]>();
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const created = await call("POST", "/api/v1/episodes", { task: { dataset: "nl2bash_fs_1", index: i % 5 }, turnLimit: 10 });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.episodeId as string;
      answered.set(id, []);
      for (let s = 0; s < steps; s++) {
        const action = `echo episode ${i} step ${s}`;
        const r = await call("POST", `/api/v1/episodes/${id}/step`, { action });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        answered.get(id)!.push(action);
      }
    }),
  );
  return answered;
}

async function expectStored(
  server: FaultServer,
  answered: Map<string, string[]>,
  status: string,
  runId?: string,
): Promise<Map<string, StoredEpisode>> {
  const stored = await storedEpisodes(server.dataDir, PG_PORT, { ids: [...answered.keys()], runId });
  for (const [id, actions] of answered)
    expect({ status: stored.get(id)?.status, steps: stored.get(id)?.steps }, id).toEqual({ status, steps: actions });
  return stored;
}

/** A failed test still stops its server, in order, and waits for it (its output goes to this process). */
async function stopInOrder(server: FaultServer, pid: number): Promise<void> {
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    return; // gone, as it should be
  }
  await server.exited();
}

/** Start again on what a stopped (or killed) server left, then stop in order: its containers are gone, nothing is left running. */
async function restartAndStop(firstPid: number, during?: (server: FaultServer) => Promise<void>): Promise<FaultServer> {
  // PostgreSQL (its own process group) may have outlived the server; the next start stops it and goes on.
  const second = await startFaultServer(PORT, PG_PORT, { fresh: false });
  const pid = second.serverPid();
  try {
    await during?.(second);
  } finally {
    process.kill(-second.npm.pid!, "SIGINT");
    await second.exited();
  }
  await nothingLeft(second, pid);
  expect(await containersOf(firstPid)).toEqual([]); // the earlier server's, removed by this start
  return second;
}

test("a stop after the log's reader has gone (a closed terminal, a pipe's reader that ended): still in order, nothing left running", async () => {
  const server = await startFaultServer(PORT, PG_PORT, { fresh: true });
  const pid = server.serverPid();
  try {
    const answered = await playAgents(server, 2, 1);
    // The server's next line of log meets a closed pipe (EPIPE); it used to crash the stop there.
    server.npm.stdout!.destroy();
    server.npm.stderr!.destroy();
    process.kill(server.npm.pid!, "SIGTERM");
    await server.exited();
    await nothingLeft(server, pid);
    await expectStored(server, answered, "interrupted");
  } finally {
    await stopInOrder(server, pid);
  }
});

for (const how of ["Ctrl-C (SIGINT to the process group)", "SIGTERM to the npm process alone"] as const) {
  test(`${how} with 8 live episodes: all stored as interrupted with all their steps; no container, PostgreSQL or server left`, async () => {
    const server = await startFaultServer(PORT, PG_PORT, { fresh: true });
    const pid = server.serverPid();
    try {
      const answered = await playAgents(server, 8, 2);
      if (how.startsWith("Ctrl-C")) process.kill(-server.npm.pid!, "SIGINT");
      else process.kill(server.npm.pid!, "SIGTERM");
      await server.exited();
      await nothingLeft(server, pid);
      expect(server.log()).toMatch(/stopping/);
      expect(server.log()).not.toMatch(/storing failed|could not store/);
      await expectStored(server, answered, "interrupted");
    } finally {
      await stopInOrder(server, pid);
    }
  });
}

test("Ctrl-C of an npm start that started its own Docker engine stops that engine too, last, and unmounts its disk", async () => {
  // No engine answers for this start (no DOCKER_HOST, a data folder of its own, short for the socket),
  // so start.sh starts a private one; the server plays on what works (no images there: the local driver).
  const engineDir = mkdtempSync("/tmp/plateau-fe-");
  const engine = (cmd: string) =>
    execFileAsync("bash", ["scripts/engine.sh", cmd], {
      env: { ...process.env, DOCKER_HOST: "", PLATEAU_DOCKER_DIR: engineDir },
    }).then(
      (r) => r.stdout,
      () => null,
    );
  test.skip((await engine("status")) !== null, "a system Docker engine answers: npm start would use it and start none");
  const server = await startFaultServer(PORT, PG_PORT, {
    fresh: true,
    env: { DOCKER_HOST: undefined, PLATEAU_DOCKER_DIR: engineDir, PLATEAU_DOCKER_DISK_GB: "2" },
  });
  const pid = server.serverPid();
  try {
    expect(server.log()).toMatch(/starting private dockerd/);
    const enginePid = Number(readFileSync(path.join(engineDir, "dockerd.pid"), "utf8"));
    expect(isAlive(enginePid)).toBe(true);
    process.kill(-server.npm.pid!, "SIGINT");
    await server.exited();
    for (let i = 0; i < 60 && processesLeft(server.dataDir, pid).length; i++) await new Promise((r) => setTimeout(r, 500));
    expect(processesLeft(server.dataDir, pid)).toEqual([]);
    expect(isAlive(enginePid)).toBe(false);
    expect(await engine("status")).toBeNull(); // nothing answers there
    expect(isMounted(path.join(engineDir, "root"))).toBe(false);
  } finally {
    await stopInOrder(server, pid);
    await engine("stop");
    if (!isMounted(path.join(engineDir, "root"))) rmSync(engineDir, { recursive: true, force: true });
  }
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isMounted(dir: string): boolean {
  return readFileSync("/proc/self/mounts", "utf8")
    .split("\n")
    .some((line) => line.split(" ")[1] === dir);
}

// A scripted run (6 tasks, 2 at a time) whose second action takes a while, so it is caught mid-way.
const SCRIPT = ["echo one", "sleep 3", "echo three"];
const RUN_TASKS = 6;

interface RunningEpisode {
  episodeId: string;
  taskId: number;
  turn: number;
}

async function runProgress(call: Api, runId: string) {
  const r = await call("GET", `/api/agent-runs/${runId}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.progress as { status: string; done: number; running: RunningEpisode[] };
}

test("kill -9 of the server mid-episode and mid-run: after a restart its episodes are interrupted with every step the agents were answered, and the run resumes by itself and finishes, no task played to the end twice", async () => {
  const first = await startFaultServer(PORT, PG_PORT, { fresh: true });
  const firstPid = first.serverPid();
  let answered: Map<string, string[]>;
  let runId: string;
  let caught: RunningEpisode[];
  try {
    answered = await playAgents(first, 4, 2);
    const call = await operatorApi(first, PG_PORT);
    const created = await call("POST", "/api/agent-runs", {
      policy: "scripted",
      actions: SCRIPT,
      tasks: `fs1:0-${RUN_TASKS - 1}`,
      concurrency: 2,
      turnLimit: 5,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    runId = created.body.runId as string;
    // Mid-run: a task finished, and an episode answered its first step, now in its 3 s second one.
    caught = await until(
      async () => {
        const p = await runProgress(call, runId);
        const mid = p.running.filter((e) => e.turn === 1);
        return p.done >= 1 && mid.length ? mid : undefined;
      },
      90_000,
      "the run to finish a task and have another one mid-way",
    );
  } catch (err) {
    await stopInOrder(first, firstPid);
    throw err;
  }
  process.kill(firstPid, "SIGKILL");
  await first.exited();
  await restartAndStop(firstPid, async (second) => {
    expect(second.log()).toMatch(/resuming 1 agent run/);
    const call = await operatorApi(second, PG_PORT);
    await until(
      async () => ((await runProgress(call, runId)).status === "done" ? true : undefined),
      90_000,
      `run ${runId} to finish after the restart`,
    );
  });
  const stored = await expectStored(first, answered, "interrupted", runId);
  const episodes = [...stored].filter(([id]) => !answered.has(id));
  const complete = [...SCRIPT, "submit"];
  // Every task played to the end exactly once; every other episode interrupted with its steps in order.
  const finished = episodes.filter(([, e]) => e.status === "submitted");
  expect(finished.map(([, e]) => e.steps)).toEqual(Array(RUN_TASKS).fill(complete));
  expect(new Set(finished.map(([, e]) => e.taskId)).size).toBe(RUN_TASKS);
  const others = episodes.filter(([, e]) => e.status !== "submitted");
  expect(others.length, "episodes the kill interrupted").toBeGreaterThan(0);
  for (const [id, e] of others) {
    expect(e.status, id).toBe("interrupted");
    expect(complete.slice(0, e.steps.length), id).toEqual(e.steps);
  }
  // Those seen mid-way at the kill: finished just before it, or interrupted with every step the runner was answered.
  for (const c of caught) {
    const e = stored.get(c.episodeId);
    if (e?.status !== "submitted") expect(e?.steps.length ?? 0, c.episodeId).toBeGreaterThanOrEqual(c.turn);
  }
});

test("a second Ctrl-C while the live episodes are being stored forces the stop and says what it skipped; nothing is left running; the next start keeps their steps", async () => {
  const first = await startFaultServer(PORT, PG_PORT, { fresh: true });
  const pid = first.serverPid();
  let pg = 0;
  let answered: Map<string, string[]>;
  try {
    answered = await playAgents(first, 4, 2);
    // PostgreSQL paused: the ordered stop waits on the episodes' last writes (retried) when Ctrl-C comes again.
    pg = postgresPid(first.dataDir);
    signalServer(pg, "SIGSTOP");
    process.kill(-first.npm.pid!, "SIGINT");
    await until(() => (/SIGINT, stopping/.test(first.log()) ? true : undefined), 20_000, "the first Ctrl-C to start the stop");
    // Ctrl-C again until it forces: one within a second of the first counts as the same keypress.
    await until(
      () => {
        if (/forced stop/.test(first.log())) return true;
        process.kill(-first.npm.pid!, "SIGINT");
      },
      20_000,
      "a second Ctrl-C to force the stop",
      500,
    );
    await first.exited();
  } catch (err) {
    throw new Error(`${(err as Error).message}\nthe server's output:\n${first.log()}`, { cause: err });
  } finally {
    // The forced stop told PostgreSQL to quit at once; paused by this test, it does when resumed.
    if (pg) signalServer(pg, "SIGCONT");
    await stopInOrder(first, pid);
  }
  expect(first.log()).toMatch(
    /SIGINT again: forced stop; skipped: ending the live episodes \(stored as interrupted\) and destroying their sandboxes — 4 live episodes not ended here \(marked interrupted at the next start, with the steps already stored\) and their sandboxes not destroyed \(removed at the next start\); stopping PostgreSQL cleanly — PostgreSQL is stopped at once instead/,
  );
  await until(
    () => (processesLeft(first.dataDir, pid).length ? undefined : true),
    30_000,
    `no process left: ${processesLeft(first.dataDir, pid).join(", ")}`,
    500,
  );
  // (Endings already sent may still land when PostgreSQL resumes; the next start marks the rest.)
  const second = await restartAndStop(pid);
  await expectStored(second, answered, "interrupted");
});
