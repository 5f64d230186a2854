import { expect } from "@playwright/test";
import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import Docker from "dockerode";
import { startEmbeddedPostgres } from "../lib/db/embedded";

const execFileAsync = promisify(execFile);

// A whole Plateau as an operator runs it (`npm start`, in its own process group as a terminal
// would), on its own port and data folder, for the fault suite: signals, kills, restarts.

export interface FaultServer {
  readonly url: string;
  readonly dataDir: string;
  /** npm's process; also the process group a terminal's Ctrl-C reaches. */
  readonly npm: ChildProcess;
  log(): string;
  /** The server process's pid (from the embedded PostgreSQL's owner file). */
  serverPid(): number;
  exited(timeoutMs?: number): Promise<number | null>;
}

/** opts.env: more of `npm start`'s environment; a variable set to undefined is left out. */
export async function startFaultServer(
  port: number,
  pgPort: number,
  opts: { fresh: boolean; env?: Record<string, string | undefined> },
): Promise<FaultServer> {
  const dataDir = path.resolve(`.data/faults-${port}`);
  if (opts.fresh) rmSync(dataDir, { recursive: true, force: true });
  const npm = spawn("npm", ["start"], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...withoutPublicUrl(),
      PORT: String(port),
      PLATEAU_PG_PORT: String(pgPort),
      PLATEAU_DATA_DIR: dataDir,
      PLATEAU_POOL_SIZE: "1",
      PLATEAU_SETUP: "0",
      // the checkout's trees (not under its data folder), or the ones the suite was given
      PLATEAU_ROOTFS_DIR: process.env.PLATEAU_ROOTFS_DIR ?? path.resolve(".data/rootfs"),
      ...opts.env,
    },
  });
  let out = "";
  npm.stdout!.on("data", (d) => (out += d));
  npm.stderr!.on("data", (d) => (out += d));
  const exit = new Promise<number | null>((r) => npm.once("exit", (code) => r(code)));
  const url = `http://127.0.0.1:${port}`;
  const t0 = Date.now();
  for (;;) {
    if (npm.exitCode !== null || npm.signalCode !== null)
      throw new Error(`npm start exited at start (${npm.exitCode ?? npm.signalCode}):\n${out}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() - t0 > 240_000) {
      process.kill(-npm.pid!, "SIGINT"); // stops what started, in order
      throw new Error(`npm start did not answer within 240 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    dataDir,
    npm,
    log: () => out,
    serverPid: () => Number(readFileSync(path.join(dataDir, "postgres", "plateau-owner.pid"), "utf8").trim()),
    exited: (timeoutMs = 90_000) => Promise.race([exit, new Promise<null>((r) => setTimeout(() => r(null), timeoutMs))]),
  };
}

function withoutPublicUrl(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.PLATEAU_PUBLIC_URL;
  return env;
}

/**
 * `npx plateau …` against a fault server's database. Not execFileSync: a test's event loop blocked
 * for seconds misses the server closing an idle keep-alive connection, and its next fetch reuses
 * that connection ("other side closed", seen once on POST /api/agent-runs).
 */
export async function plateauCli(server: { dataDir: string }, pgPort: number, ...args: string[]): Promise<string> {
  const { stdout } = await execFileAsync(process.execPath, ["scripts/plateau.mjs", ...args], {
    env: { ...process.env, PLATEAU_DATA_DIR: server.dataDir, PLATEAU_PG_PORT: String(pgPort) },
    encoding: "utf8",
  });
  return stdout.trim();
}

/** A new API token of the operator (the account is made at start on loopback). */
export async function operatorToken(server: FaultServer, pgPort: number): Promise<string> {
  await plateauCli(server, pgPort, "user", "list");
  return (await plateauCli(server, pgPort, "token", "create", `faults-${Date.now()}`)).split("\n").pop()!;
}

/** The API as a program drives it, as the operator. */
export async function operatorApi(server: FaultServer, pgPort: number): Promise<Api> {
  return api(server.url, await operatorToken(server, pgPort));
}

/** Polls `check` until it returns a value (not undefined), at most timeoutMs; fails saying what was awaited. */
export async function until<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
  what: string,
  everyMs = 250,
): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() - t0 > timeoutMs) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The pid of a fault server's PostgreSQL (postmaster.pid's first line). */
export function postgresPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
}

export type Api = ReturnType<typeof api>;

/** The session API, as a program drives it. */
export function api(url: string, token: string) {
  return async (method: string, route: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> => {
    const r = await fetch(`${url}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };
}

/** Whether any process still runs from this data folder's PostgreSQL or the given server pid. */
export function processesLeft(dataDir: string, serverPid: number): string[] {
  const left: string[] = [];
  for (const pid of execFileSync("ps", ["-eo", "pid="], { encoding: "utf8" }).split("\n").map(Number).filter(Boolean)) {
    let cmd = "";
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
    } catch {
      continue;
    }
    if (pid === serverPid || cmd.includes(path.join(dataDir, "postgres"))) left.push(`${pid} ${cmd.slice(0, 120)}`);
  }
  return left;
}

/**
 * Why a process that was told to stop still runs: its state, memory and threads from /proc, and its
 * main thread's native stack (gdb, where there is one): a blocked event loop ignores every signal,
 * and the stack tells a busy loop from a wait or a collector that never finishes.
 */
export async function whyRunning(pid: number): Promise<string> {
  const read = (f: string) => {
    try {
      return readFileSync(f, "utf8");
    } catch {
      return "";
    }
  };
  const status = read(`/proc/${pid}/status`);
  if (!status) return `${pid} is gone`;
  const field = (name: string) => status.match(new RegExp(`^${name}:\\s*(.*)$`, "m"))?.[1] ?? "?";
  const threads = readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = read(`/proc/${pid}/task/${tid}/stat`);
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    return `${comm}:${stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0]}`;
  });
  const stack = await execFileAsync("gdb", ["-p", String(pid), "-batch", "-ex", "bt 30"], {
    encoding: "utf8",
    timeout: 30_000,
  }).then(
    (r) =>
      r.stdout
        .split("\n")
        .filter((l) => l.startsWith("#"))
        .join("\n"),
    (err: Error) => `(no native stack: ${err.message.split("\n")[0]})`,
  );
  return `pid ${pid}: state ${field("State")}, rss ${field("VmRSS")}, threads ${threads.join(" ")}\n${stack}`;
}

/** This server's containers (its sandbox driver labels them with hostname-pid-…). */
export async function containersOf(serverPid: number): Promise<string[]> {
  const docker = new Docker(
    process.env.DOCKER_HOST?.startsWith("unix://") ? { socketPath: process.env.DOCKER_HOST.slice(7) } : undefined,
  );
  const list = await docker.listContainers({ all: true, filters: { label: ["dev.plateau.owner"] } });
  return list
    .filter((c) => c.Labels["dev.plateau.owner"].startsWith(`${os.hostname()}-${serverPid}-`))
    .map((c) => c.Id.slice(0, 12));
}

/** Query the fault server's database after it stopped. */
export async function afterStop<T>(dataDir: string, pgPort: number, query: (client: pg.Client) => Promise<T>): Promise<T> {
  const dir = path.join(dataDir, "postgres");
  if (!existsSync(dir)) throw new Error(`no database in ${dir}`);
  const server = await startEmbeddedPostgres(dir, pgPort);
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    return await query(client);
  } finally {
    await client.end();
    await server.stop();
  }
}

export interface StoredEpisode {
  status: string;
  taskId: number;
  steps: string[];
}

/** Read the fault server's database after it stopped: the given episodes and a run's, with their steps. */
export async function storedEpisodes(
  dataDir: string,
  pgPort: number,
  which: { ids?: string[]; runId?: string },
): Promise<Map<string, StoredEpisode>> {
  return afterStop(dataDir, pgPort, async (client) => {
    const eps = await client.query<{ id: string; status: string; taskId: number }>(
      `SELECT id, status, "taskId" FROM "Episode" WHERE id = ANY($1) OR "runId" = $2`,
      [which.ids ?? [], which.runId ?? null],
    );
    const ids = eps.rows.map((e) => e.id);
    const steps = await client.query<{ episodeId: string; action: string }>(
      `SELECT "episodeId", action FROM "Step" WHERE "episodeId" = ANY($1) ORDER BY "episodeId", index`,
      [ids],
    );
    const out = new Map<string, StoredEpisode>();
    for (const e of eps.rows)
      out.set(e.id, {
        status: e.status,
        taskId: e.taskId,
        steps: steps.rows.filter((s) => s.episodeId === e.id).map((s) => s.action),
      });
    return out;
  });
}

/** Nothing of `server` (server pid `pid`) is left running: no process of its data folder, no container of it. */
export async function nothingLeft(server: FaultServer, pid: number): Promise<void> {
  for (let i = 0; i < 60 && processesLeft(server.dataDir, pid).length; i++) await new Promise((r) => setTimeout(r, 500));
  const left = processesLeft(server.dataDir, pid);
  expect(left, `${server.log().slice(-4000)}\n${left.length ? await whyRunning(pid) : ""}`).toEqual([]);
  expect(await containersOf(pid), server.log().slice(-4000)).toEqual([]);
}
