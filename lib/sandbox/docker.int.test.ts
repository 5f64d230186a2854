// The docker driver against a real engine and the plateau/bash-fs1 image: the sandbox contract
// (testing/sandboxContract.ts, which local.int.test.ts runs too), then what only this driver has.
// Needs: scripts/engine.sh start && scripts/build-images.sh. Fails (never skips) without them.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { createDockerDriver, type DockerDriver } from "./docker";
import { DockerHelper } from "./dockerHelper";
import { encodeFrame, FRAME, FrameReader } from "./ttyFrames";
import { OWNER_LABEL, SANDBOX_LIMITS, type Sandbox, type Tty } from "./types";
import { firstPrompt, runAtPrompt, sleep } from "./testing";
import { IMAGE, sandboxContract, useSandbox } from "./testing/sandboxContract";

const t = useSandbox<DockerDriver>(async () => {
  const driver = createDockerDriver();
  const processes = async (sb: Sandbox) => {
    const stats = await driver.docker.getContainer(sb.id).stats({ stream: false, "one-shot": true } as { stream: false });
    return stats.pids_stats?.current ?? 0;
  };
  return { driver, withLimits: (limits) => createDockerDriver({ limits }), processes };
}, "docker.int");

describe("docker sandbox: the contract", () => sandboxContract(t));

describe("docker sandbox: what only this driver has", () => {
  it("applies the limits as the container's HostConfig", async () => {
    t.ready();
    const info = await t.driver.docker.getContainer(t.sb.id).inspect();
    expect(info.HostConfig).toMatchObject({
      NetworkMode: "none",
      Memory: SANDBOX_LIMITS.memoryBytes,
      MemorySwap: SANDBOX_LIMITS.memoryBytes,
      PidsLimit: SANDBOX_LIMITS.pids,
      NanoCpus: SANDBOX_LIMITS.nanoCpus,
      SecurityOpt: ["no-new-privileges"],
      CapDrop: ["ALL"],
    });
  });

  it("says its disk is capped on scripts/engine.sh's engine (btrfs)", async () => {
    t.ready();
    expect(await t.driver.diskCap()).toEqual({ kind: "size", imageCounts: "ask" });
    expect((await t.driver.status()).limits).toMatch(
      /^caps per sandbox: memory 512 MiB, 256 processes, 1 CPU, disk 512 MiB written$/,
    );
  });

  it("runs the terminal through the helper's relay, in a folder of this host's that the player cannot enter", async () => {
    t.ready();
    const dir = await ttyDirOf(t.driver, t.sb);
    const st = statSync(dir);
    expect([st.uid, st.mode & 0o777]).toEqual([0, 0o700]); // root's alone: no other user of this host connects
    const tty = await attachAtPrompt(t.sb);
    try {
      const out = await runAtPrompt(tty, "ps -o args= -p $PPID; ls /run/plateau-tty; echo $((6*7))");
      expect(out).toContain("helper.py --tty-relay");
      expect(out).toMatch(/ls: cannot open directory '\/run\/plateau-tty': Permission denied/);
      expect(out).toContain("42");
      expect(readdirSync(dir)).toEqual([]); // the socket is gone once the server is in
    } finally {
      tty.close();
    }
  });

  it("a relay lets in only the connection that sends its token first", async () => {
    t.ready();
    const dir = await ttyDirOf(t.driver, t.sb);
    const ch = await DockerHelper.open(t.driver.docker.getContainer(t.sb.id));
    try {
      const name = randomBytes(12).toString("hex");
      const token = randomBytes(32).toString("hex");
      const argv = ["sh", "-c", "echo in as $(id -un); exit 3"];
      await ch.request({ op: "tty", name, token, argv, user: "player", cwd: "/", env: [], cols: 80, rows: 24 }, 10_000);
      const sockPath = path.join(dir, `${name}.sock`);
      // A stranger with a wrong token, then one that sends no frame at all: both hung up on, unheard.
      expect(await talk(sockPath, encodeFrame(FRAME.token, Buffer.from("f".repeat(64))))).toEqual({ output: "", exitCode: null });
      expect(await talk(sockPath, Buffer.from("echo hi\r"))).toEqual({ output: "", exitCode: null });
      const owner = await talk(sockPath, encodeFrame(FRAME.token, Buffer.from(token)));
      expect(owner.output).toContain("in as player");
      expect(owner.exitCode).toBe(3);
      expect(existsSync(sockPath)).toBe(false);
      await expect(
        ch.request({ op: "tty", name: "../../etc", token, argv, user: "player", env: [], cols: 80, rows: 24 }, 10_000),
      ).rejects.toThrow(/bad terminal socket name/);
    } finally {
      ch.close();
    }
  });

  it("a relay and the helper stopping the player's processes at the same moment do not stop each other", async () => {
    t.ready();
    // As when a terminal closes: its relay ends the terminal's session while the helper serves
    // kill-tty and a reset. Each wears the player's uid a moment to signal the player's processes;
    // without a lock between them they SIGSTOPped each other, both stopped for good.
    const r = await t.sb.exec(["python3", "-c", STOP_EACH_OTHER], { user: "root", timeoutMs: 60_000 });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("both went through\n");
  });

  it("falls back to a docker exec when the engine cannot reach the terminal folder, and says so once", async () => {
    t.ready();
    const driver = createDockerDriver();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const sb = await driver.create({ image: IMAGE, labels: { "dev.plateau.test": "docker.int" } });
    try {
      // The container's mount now shows a folder this host no longer sees (as an engine in a VM would).
      const dir = await ttyDirOf(driver, sb);
      rmSync(dir, { recursive: true });
      mkdirSync(dir, { mode: 0o700 });
      const tty = await attachAtPrompt(sb);
      expect(await runAtPrompt(tty, "echo parent=$PPID")).toContain("parent=0"); // a docker exec's process
      tty.close();
      const again = await attachAtPrompt(sb);
      expect(await runAtPrompt(again, "echo parent=$PPID")).toContain("parent=0");
      again.close();
      const said = warn.mock.calls.map((c) => String(c[0])).filter((m) => /terminals go through docker exec/.test(m));
      expect(said).toHaveLength(1);
    } finally {
      warn.mockRestore();
      await sb.destroy();
    }
  });

  it("removes a sandbox's terminal folder with the sandbox", async () => {
    t.ready();
    const sb = await t.driver.create({ image: IMAGE, labels: { "dev.plateau.test": "docker.int" } });
    const dir = await ttyDirOf(t.driver, sb);
    expect(existsSync(dir)).toBe(true);
    await sb.destroy();
    expect(existsSync(dir)).toBe(false);
  });

  it("cleanup() beside sandboxes being destroyed returns only once their containers are gone", async () => {
    // A driver of its own: its clean-up touches only its sandboxes (and those of ended servers).
    const own = createDockerDriver();
    const sbs = await Promise.all(
      [1, 2, 3].map(() => own.create({ image: IMAGE, labels: { "dev.plateau.test": "docker.int" } })),
    );
    const destroys = sbs.map((sb) => sb.destroy());
    // The engine answers the later removal "already in progress": that is not gone yet.
    await own.cleanup();
    const left = await own.docker.listContainers({ all: true, filters: { id: sbs.map((sb) => sb.id) } });
    expect(left.map((c) => `${c.Id.slice(0, 12)} ${c.State}`)).toEqual([]);
    await Promise.all(destroys);
  });

  it("cleanup() removes this instance's containers and a crashed instance's, not a live one's", async () => {
    t.ready();
    const { driver, sb } = t;
    const dead = spawnSync("true").pid; // a pid that has ended
    const crashedDir = mkdtempSync(path.join(os.tmpdir(), `plateau-tty-${dead}-`));
    const neverMade = mkdtempSync(path.join(os.tmpdir(), `plateau-tty-${dead}-`)); // killed before its container
    const aliveOwners = mkdtempSync(path.join(os.tmpdir(), "plateau-tty-1-"));
    const notOurs = mkdtempSync(path.join(os.tmpdir(), "plateau-test-"));
    const crashed = await driver.docker.createContainer({
      Image: IMAGE,
      Cmd: ["true"],
      Labels: { [OWNER_LABEL]: `${os.hostname()}-${dead}-abc`, "dev.plateau.tty-dir": crashedDir },
    });
    const forged = await driver.docker.createContainer({
      Image: IMAGE,
      Cmd: ["true"],
      Labels: { [OWNER_LABEL]: `${os.hostname()}-${dead}-abd`, "dev.plateau.tty-dir": notOurs },
    });
    const live = await driver.docker.createContainer({
      Image: IMAGE,
      Cmd: ["true"],
      Labels: { [OWNER_LABEL]: `${os.hostname()}-1-abc` },
    });
    try {
      expect(await driver.cleanup()).toBeGreaterThanOrEqual(3); // the crashed ones and this file's sandbox
      await expect(crashed.inspect()).rejects.toThrow();
      await expect(forged.inspect()).rejects.toThrow();
      expect(existsSync(crashedDir)).toBe(false); // its terminal folder too
      expect(existsSync(neverMade)).toBe(false); // and one of an ended server's with no container
      expect(existsSync(aliveOwners)).toBe(true); // a live server's (pid 1) is left
      expect(existsSync(notOurs)).toBe(true); // a label naming a folder that is not a terminal folder: left alone
      expect(await sb.alive()).toBe(false);
      await live.inspect(); // pid 1 is alive: kept
    } finally {
      await live.remove({ force: true });
      rmSync(notOurs, { recursive: true, force: true });
      rmSync(aliveOwners, { recursive: true, force: true });
    }
  });
});

/** A new terminal at its first prompt. */
async function attachAtPrompt(sb: Sandbox): Promise<Tty> {
  const tty = await sb.attach({ cols: 80, rows: 24 });
  await firstPrompt(tty);
  return tty;
}

async function ttyDirOf(driver: DockerDriver, sb: Sandbox): Promise<string> {
  const dir = (await driver.docker.getContainer(sb.id).inspect()).Config.Labels["dev.plateau.tty-dir"];
  if (!dir) throw new Error("this sandbox has no terminal folder: is the test run as root, on a local engine?");
  return dir;
}

/** Connect to a relay's socket, send `first`, and read until it hangs up (4 s at most). */
async function talk(sockPath: string, first: Buffer): Promise<{ output: string; exitCode: number | null }> {
  const sock = connect(sockPath);
  const frames = new FrameReader();
  let output = "";
  let exitCode: number | null = null;
  sock.on("data", (b: Buffer) => {
    for (const f of frames.push(b)) {
      if (f.kind === FRAME.data) output += f.payload.toString();
      if (f.kind === FRAME.exit) exitCode = f.payload.readInt32BE(0);
    }
  });
  sock.on("error", () => {});
  sock.write(first);
  const closed = new Promise<void>((r) => sock.on("close", () => r()));
  await Promise.race([closed, sleep(4000)]);
  sock.destroy();
  return { output, exitCode };
}

/** Two root processes with the helper's code, each stopping and continuing the player's processes 3000 times. */
const STOP_EACH_OTHER = `
import os, signal, sys, time
sys.path.insert(0, "/usr/local/lib/plateau")
import helper
player = os.fork()
if player == 0:
    os.setresuid(1000, 1000, 1000)
    time.sleep(60)
    os._exit(0)
workers = []
for _ in range(2):
    pid = os.fork()
    if pid == 0:
        for _ in range(3000):
            helper.signal_all_of_player(signal.SIGSTOP)
            helper.signal_all_of_player(signal.SIGCONT)
        os._exit(0)
    workers.append(pid)
left, stuck = set(workers), None
while left:
    left = {w for w in left if os.waitpid(w, os.WNOHANG)[0] != w}
    if left and all(helper.proc_info(w)[2] == "T" for w in left):
        stuck = stuck or time.monotonic()
        if time.monotonic() - stuck > 2:
            print("stopped each other")
            for w in left:
                os.kill(w, signal.SIGKILL)
                os.waitpid(w, 0)
            break
    else:
        stuck = None
    time.sleep(0.01)
else:
    print("both went through")
os.kill(player, signal.SIGKILL)
os.waitpid(player, 0)
`;
