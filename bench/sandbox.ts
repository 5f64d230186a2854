// Sandbox (docker driver) figures against DESIGN.md's targets.   npx tsx bench/sandbox.ts [--runs N] [--image I] [--out F]
// Needs scripts/engine.sh start and scripts/build-images.sh. Writes bench/out/sandbox.json.
import Docker from "dockerode";
import { spawnSync } from "node:child_process";
import os from "node:os";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Duplex } from "node:stream";
import { createDockerDriver, HELPER_CAPS } from "../lib/sandbox/docker";
import { execDirect } from "../lib/sandbox/dockerExec";
import { createWarmPool } from "../lib/sandbox/pool";
import { OWNER_LABEL, SANDBOX_LIMITS, type Sandbox } from "../lib/sandbox/types";

const flag = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
/** --image: another build to compare against (e.g. the previous one, tagged before a rebuild). */
const IMAGE = flag("--image") ?? "plateau/bash-fs1";
const RUNS = Number(flag("--runs") ?? 30);
const CREATE_RUNS = Math.max(5, Math.round(RUNS / 3));
const PROMPT_END = "\x1b]133;B"; // signed (a driver's TTY) or not (a raw exec): the nonce follows
const MESS = "echo x >> /testbed/textfile7.txt; rm -rf /testbed/dir1; touch /new1 /testbed/dir2/new2";

const driver = createDockerDriver();
const st = await driver.status();
if (!st.ok) throw new Error(st.reason);
if (!(await driver.hasImage(IMAGE))) throw new Error(`image ${IMAGE} is missing: run scripts/build-images.sh`);
const docker = driver.docker;
const rows: Array<{ figure: string; runs: number; median: number; p99: number; target: string }> = [];

async function measure(figure: string, runs: number, target: string, once: () => Promise<number | void>): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const own = await once();
    times.push(typeof own === "number" ? own : performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)];
  const row = { figure, runs, median: round(q(0.5)), p99: round(q(0.99)), target };
  rows.push(row);
  console.log(
    `${figure.padEnd(52)} median ${String(row.median).padStart(7)} ms   p99 ${String(row.p99).padStart(7)} ms   ${target}`,
  );
}
const round = (x: number) => Math.round(x * 10) / 10;

async function rawCreateStart(): Promise<Docker.Container> {
  const c = await docker.createContainer({
    Image: IMAGE,
    Cmd: ["sleep", "infinity"],
    Labels: { [OWNER_LABEL]: driver.instanceId },
    HostConfig: {
      NetworkMode: "none",
      Memory: SANDBOX_LIMITS.memoryBytes,
      MemorySwap: SANDBOX_LIMITS.memoryBytes,
      PidsLimit: SANDBOX_LIMITS.pids,
      NanoCpus: SANDBOX_LIMITS.nanoCpus,
      SecurityOpt: ["no-new-privileges"],
      CapDrop: ["ALL"],
      CapAdd: HELPER_CAPS,
      Init: true,
    },
  });
  await c.start();
  return c;
}

/** A TTY exec straight from dockerode, to type into (root, for the typed reset). */
async function rawTty(c: Docker.Container, user: string): Promise<{ sock: Duplex; out: () => string; clear: () => void }> {
  const exec = await c.exec({
    Cmd: ["bash", "-l"],
    User: user,
    WorkingDir: "/",
    Tty: true,
    AttachStdin: true,
    AttachStdout: true,
    AttachStderr: true,
    Env: ["TERM=xterm"],
  });
  const sock = (await exec.start({ hijack: true, stdin: true, Tty: true })) as Duplex;
  let buf = "";
  sock.on("data", (b: Buffer) => (buf += b.toString("utf8")));
  await until(() => buf.includes(PROMPT_END));
  return { sock, out: () => buf, clear: () => (buf = "") };
}

async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setImmediate(r));
  }
}

// How busy the machine is: the same figures on a loaded 2-core VM can be 10x worse.
const spawnTimes = Array.from({ length: 20 }, () => {
  const t = performance.now();
  spawnSync("true");
  return performance.now() - t;
}).sort((a, b) => a - b);
const calibration = { loadavg: os.loadavg().map((x) => round(x)), hostSpawnTrueMedianMs: round(spawnTimes[10]) };
console.log(`docker sandbox bench: ${st.detail}; ${RUNS} runs (${CREATE_RUNS} for creates)`);
console.log(
  `machine: load average ${calibration.loadavg.join(" ")}; spawning \`true\` on the host: ${calibration.hostSpawnTrueMedianMs} ms median (~1 ms when idle)\n`,
);
await driver.cleanup();

await measure("container create+start (dockerode)", CREATE_RUNS, "ref: 170 ms (PLATFORM.md)", async () => {
  const t = performance.now();
  const c = await rawCreateStart();
  const ms = performance.now() - t;
  await c.remove({ force: true });
  return ms;
});
await measure("create+start+first exec (plain docker exec)", CREATE_RUNS, "ref: 220 ms (PLATFORM.md)", async () => {
  const t = performance.now();
  const c = await rawCreateStart();
  await execDirect(c, { argv: ["true"], user: "player", workdir: "/", timeoutMs: 10_000, maxBytes: 1024 });
  const ms = performance.now() - t;
  await c.remove({ force: true });
  return ms;
});
await measure("driver.create() (+ helper) + first exec", CREATE_RUNS, "hidden by the warm pool", async () => {
  const t = performance.now();
  const sb = await driver.create({ image: IMAGE });
  await sb.exec(["true"]);
  const ms = performance.now() - t;
  await sb.destroy();
  return ms;
});

const sb: Sandbox = await driver.create({ image: IMAGE });
const container = docker.getContainer(sb.id);

await measure("exec round trip `true` (plain docker exec)", RUNS, "ref: ~55 ms (InterCode's way)", async () => {
  await execDirect(container, { argv: ["true"], user: "player", workdir: "/", timeoutMs: 10_000, maxBytes: 1024 });
});
await measure("exec round trip `true` (driver, via the helper)", RUNS, "target: overhead <= 5 ms", async () => {
  await sb.exec(["true"]);
});

const mess = () => sb.exec(["bash", "-c", MESS]);
await measure("reset() (driver, via the helper)", RUNS, "target: <= 30 ms", async () => {
  await mess();
  const t = performance.now();
  await sb.reset();
  return performance.now() - t;
});
await measure("reset via plain docker exec (plateau-reset)", RUNS, "target: <= 30 ms", async () => {
  await mess();
  const t = performance.now();
  const r = await execDirect(container, {
    argv: ["plateau-reset"],
    user: "root",
    workdir: "/",
    timeoutMs: 30_000,
    maxBytes: 4096,
  });
  if (r.exitCode !== 0) throw new Error(r.stderr);
  return performance.now() - t;
});
const root = await rawTty(container, "root");
for (const [figure, line] of [
  ["git reset+clean typed into a live root TTY", "cd / && git reset --hard -q && git clean -fdq"],
  ["plateau-reset typed into a live root TTY", "plateau-reset"],
] as const) {
  await measure(figure, RUNS, "target: <= 30 ms (until the next prompt mark)", async () => {
    await mess();
    root.clear();
    const t = performance.now();
    root.sock.write(line + "\r");
    await until(() => root.out().includes(PROMPT_END));
    return performance.now() - t;
  });
}
root.sock.destroy();

const tty = await sb.attach({ cols: 80, rows: 24 });
let out = "";
tty.onData((s) => (out += s));
await until(() => out.includes(PROMPT_END));
await measure(
  "keystroke -> echo through the container TTY",
  RUNS * 3,
  "target (whole pipeline): <= 2 ms / p99 <= 5 ms",
  async () => {
    out = "";
    const t = performance.now();
    tty.write("x");
    await until(() => out.includes("x"));
    return performance.now() - t;
  },
);
tty.write("\x15"); // ^U: clear the typed line
await measure("command typed -> next prompt mark (`true`)", RUNS, "harness overhead per step: <= 5 ms", async () => {
  out = "";
  const t = performance.now();
  tty.write("true\r");
  await until(() => out.includes(PROMPT_END));
  return performance.now() - t;
});
tty.close();
await sb.destroy();

const pool = createWarmPool(driver, IMAGE, 2);
await measure(
  "warm pool: take() + attach() -> first prompt",
  Math.max(5, Math.round(RUNS / 3)),
  "target: open Play -> prompt <= 300 ms",
  async () => {
    await pool.whenFull();
    const t = performance.now();
    const s = await pool.take();
    const tt = await s.attach({ cols: 100, rows: 30 });
    let o = "";
    tt.onData((d) => (o += d));
    await until(() => o.includes(PROMPT_END));
    const ms = performance.now() - t;
    await s.destroy();
    return ms;
  },
);
await pool.drain();
await driver.cleanup();

const outFile = flag("--out") ?? "bench/out/sandbox.json";
mkdirSync(path.dirname(outFile), { recursive: true });
writeFileSync(
  outFile,
  JSON.stringify({ at: new Date().toISOString(), engine: st.detail, image: IMAGE, calibration, rows }, null, 2),
);
console.log(`\nwritten: ${outFile}`);
