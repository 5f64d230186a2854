import { execSync, spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Docker from "dockerode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlateau, type TestPlateau } from "../runtime/testing";
import { TestPlayer } from "../sessions/testPlayer";

// The fault suite's engine half: a Docker engine of this test's own (never the shared one),
// restarted under a live episode. The episode ends as error with the reason, a new one plays once
// the engine is back (the warm pool rebuilt), and no container is left behind. Its data root is kept
// in .data/fault-engine, so the Bash image is copied into it once.

const DIR = path.resolve(process.env.PLATEAU_FAULT_ENGINE_DIR ?? ".data/fault-engine");
const SOCK = path.join(DIR, "d.sock");
const IMAGE = "plateau/bash-fs1";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pinged(): Promise<boolean> {
  return new Docker({ socketPath: SOCK }).ping().then(
    () => true,
    () => false,
  );
}

async function startEngine(): Promise<number> {
  mkdirSync(DIR, { recursive: true });
  const d = spawn(
    "dockerd",
    [
      "-H",
      `unix://${SOCK}`,
      "--data-root",
      path.join(DIR, "root"),
      "--exec-root",
      path.join(DIR, "exec"),
      "--pidfile",
      path.join(DIR, "d.pid"),
      "--iptables=false",
      "--ip6tables=false",
      "--bridge=none",
      "--ip-forward=false",
      "--ip-masq=false",
      "--storage-driver=overlay2",
      "--exec-opt",
      "native.cgroupdriver=cgroupfs",
      "--default-ulimit",
      "nofile=4096:4096",
      "--default-ulimit",
      "nproc=4096:4096",
    ],
    { detached: true, stdio: "ignore" },
  );
  d.unref();
  for (let i = 0; i < 600 && !(await pinged()); i++) await sleep(100);
  if (!(await pinged())) throw new Error(`the test's dockerd did not answer at ${SOCK}`);
  return d.pid!;
}

async function stopEngine(pid: number): Promise<void> {
  process.kill(pid, "SIGTERM");
  for (let i = 0; i < 300; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(100);
  }
  process.kill(pid, "SIGKILL");
}

describe("the Docker engine restarting mid-episode", { timeout: 300_000 }, () => {
  let engine: number;
  let p: TestPlateau;
  const players: TestPlayer[] = [];
  const given = process.env.DOCKER_HOST;

  beforeAll(async () => {
    try {
      const old = Number(readFileSync(path.join(DIR, "d.pid"), "utf8"));
      if (old) await stopEngine(old); // left by a run that was killed
    } catch {
      /* none */
    }
    engine = await startEngine();
    const docker = new Docker({ socketPath: SOCK });
    const has = await docker
      .getImage(IMAGE)
      .inspect()
      .then(
        () => true,
        () => false,
      );
    if (!has)
      execSync(`docker save ${IMAGE} | DOCKER_HOST=unix://${SOCK} docker load`, {
        stdio: "ignore",
        env: { ...process.env, DOCKER_HOST: given },
      });
    process.env.DOCKER_HOST = `unix://${SOCK}`;
    process.env.PLATEAU_POOL_SIZE = "1";
    process.env.PLATEAU_ENGINE_PING_MS = "500";
    p = await startTestPlateau("docker");
  }, 300_000);
  afterAll(async () => {
    players.forEach((pl) => pl.close());
    await p?.close();
    if (engine) await stopEngine(engine);
    process.env.DOCKER_HOST = given;
  });

  async function play(): Promise<TestPlayer> {
    const task = await p.db.prisma.task.findUniqueOrThrow({ where: { dataset_index: { dataset: "nl2bash_fs_1", index: 0 } } });
    const started = await p.sessions.start({ taskId: task.id, playerKind: "human", turnLimit: null });
    const player = new TestPlayer(p, started.episodeId, started.playerToken);
    players.push(player);
    await player.ready();
    return player;
  }

  it("ends the episode as error with the reason; a new episode plays once it is back; no container is left", async () => {
    const before = await play();
    await before.run("echo before");
    await stopEngine(engine);
    engine = await startEngine();
    await before.until(() => before.result !== null, 60_000, "the result");
    expect(before.result!.status).toBe("error");
    expect(before.result!.error).toMatch(/sandbox stopped|Docker engine/);
    const stored = await p.db.prisma.episode.findUniqueOrThrow({ where: { id: before.episodeId }, include: { steps: true } });
    expect(stored.status).toBe("error");
    expect(stored.steps.map((s) => s.action)).toEqual(["echo before"]);

    // The warm pool had a dead sandbox; it is rebuilt, and the next episode plays.
    let after: TestPlayer | null = null;
    for (let i = 0; i < 30 && !after; i++) {
      after = await play().catch(() => null);
      if (!after) await sleep(1000);
    }
    expect(after).not.toBeNull();
    expect((await after!.run("echo after")).exitCode).toBe(0);

    // What the restart stopped is removed: every container of this engine runs.
    const docker = new Docker({ socketPath: SOCK });
    const stopped = async () =>
      (await docker.listContainers({ all: true }))
        .filter((c) => c.State !== "running")
        .map((c) => `${c.Id.slice(0, 12)} ${c.State}`);
    for (let i = 0; i < 40 && (await stopped()).length; i++) await sleep(250);
    expect(await stopped()).toEqual([]);
  });
});
