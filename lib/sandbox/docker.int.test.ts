// Integration test of the docker driver against a real engine and the plateau/bash-fs1 image.
// Needs: scripts/engine.sh start && scripts/build-images.sh. Fails (never skips) without them.
import { execFileSync, spawnSync } from "node:child_process";
import os from "node:os";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDockerDriver, type DockerDriver } from "./docker";
import { createWarmPool } from "./pool";
import { expectDiskCapped } from "./testing/expectDiskCapped";
import { OWNER_LABEL, SANDBOX_LIMITS, type Sandbox } from "./types";
import { expectConsoleEnvOnWarm, mark, promptOf, runAtPrompt } from "./testing";

const IMAGE = "plateau/bash-fs1";
const TASKS = fileURLToPath(new URL("../../data/intercode/tasks/nl2bash/nl2bash_fs_1.json", import.meta.url));
// path, type, mode, owner, size, mtime and content hash of every path of the task state
const SNAPSHOT = `cd / && { stat -c '%n %F %a %U:%G %s %Y' /; ls -A /;
  find /testbed /index.html /.gitignore -printf '%p %y %m %u:%g %s %T@ %l\\n';
  find /home/player /tmp -mindepth 1; } | LC_ALL=C sort; find /testbed -type f -exec md5sum {} + | LC_ALL=C sort`;

let driver: DockerDriver;
let sb: Sandbox;

let setupError: Error | null = null;

// A missing engine or image fails every test (a failing beforeAll would only mark them skipped).
beforeAll(async () => {
  try {
    driver = createDockerDriver();
    const st = await driver.status();
    if (!st.ok) throw new Error(`${st.reason} (${st.detail ?? ""})`);
    if (!(await driver.hasImage(IMAGE))) throw new Error(`image ${IMAGE} is missing: run scripts/build-images.sh`);
    sb = await driver.create({ image: IMAGE, labels: { "dev.plateau.test": "docker.int" } });
  } catch (e) {
    setupError = e as Error;
  }
});

function ready(): void {
  if (setupError) throw setupError;
}

afterAll(async () => {
  await sb?.destroy();
});

describe("docker sandbox", () => {
  it("runs a gold command of nl2bash_fs_1 and gives its real output", async () => {
    ready();
    const tasks = JSON.parse(readFileSync(TASKS, "utf8")) as { gold: string }[];
    const gold = tasks[0].gold; // md5 sums of the /testbed/*.java files that are duplicates
    expect(gold).toContain("uniq -d");
    const r = await sb.exec(["bash", "-c", gold]);
    const hello = 'public class Hello { public static void main(String[] args) { System.out.println("Hello world!"); }}\n';
    expect(r).toMatchObject({ exitCode: 0, stderr: "", timedOut: false, truncated: false });
    expect(r.stdout).toBe(createHash("md5").update(hello).digest("hex") + "\n");
    const who = await sb.exec(["bash", "-c", "id -un; pwd"]);
    expect(who.stdout).toBe("player\n/\n");
  });

  it("gives a TTY with the shell integration marks", async () => {
    ready();
    const tty = await sb.attach({ cols: 100, rows: 30 });
    let out = "";
    tty.onData((s) => (out += s));
    const PROMPT = promptOf(tty);
    await until(() => out.endsWith(PROMPT), 10_000, () => out);
    out = "";
    // a line that starts with a subshell: its E and C still come first, once
    tty.write('( echo hi ); echo "a;b"\r');
    await until(() => out.endsWith(PROMPT), 5000, () => out);
    const e = '( echo hi )\\x3b echo "a\\x3bb"';
    expect(out).toBe(`( echo hi ); echo "a;b"\r\n${mark(tty, `633;E;${e}`)}${mark(tty, "133;C")}hi\r\na;b\r\n${mark(tty, "133;D;0")}${PROMPT}`);
    // The nonce signs each mark, and no program the shell starts inherits it.
    expect(tty.markNonce).toMatch(/^[0-9a-f]{32}$/);
    const seen = await runAtPrompt(tty, "env; tr '\\0' '\\n' </proc/self/environ; echo \"[$PLATEAU_MARK_NONCE]\"");
    expect(seen).toContain("TERM=xterm-256color");
    expect(seen.split(tty.markNonce).length - 1).toBe(5); // in E, C, D, A and B only
    tty.close();
  });

  it("holds the command's output back while the TTY is paused", async () => {
    ready();
    const tty = await sb.attach({ cols: 80, rows: 24 });
    let got = 0;
    let out = "";
    tty.onData((s) => {
      got += s.length;
      out = (out + s).slice(-200);
    });
    await until(() => out.endsWith(mark(tty, "133;B")), 10_000, () => out);
    tty.pause();
    got = 0;
    out = "";
    tty.write("head -c 3000000 /dev/zero | tr '\\0' y; echo\r");
    await new Promise((r) => setTimeout(r, 1500));
    expect(got).toBe(0);
    const blocked = await sb.exec(["pgrep", "-x", "tr"]); // still writing: the PTY is full
    expect(blocked.exitCode).toBe(0);
    tty.resume();
    await until(() => out.endsWith(mark(tty, "133;B")), 20_000, () => out);
    expect(got).toBeGreaterThan(3_000_000);
    tty.close();
  });

  it("reset puts back content, modes, owners, mtimes and empty folders, and stops the player's processes", async () => {
    ready();
    const before = await sb.exec(["bash", "-c", SNAPSHOT], { user: "root" });
    expect(before.exitCode).toBe(0);
    const mess = [
      "echo more >> /testbed/textfile7.txt",
      "rm -rf /testbed/dir1 /testbed/dir2/subdir2/subsubdir1",
      "mkdir -p /testbed/new/deep && echo x > /testbed/new/deep/f && touch /rootfile ~/homefile /tmp/tmpfile",
      "chmod 600 /testbed/hello.c && touch -d 2001-01-01 /testbed/Hello.java && mkfifo /testbed/dir3/fifo && chmod 000 /testbed/dir2",
      "ln -s /testbed/dir3/subdir1/subsubdir1/FooBar / && mv /testbed/recent.txt /testbed/recent.md && mkdir /lib-x",
      "(sleep 300 &) ; sleep 301 &",
    ].join("; ");
    expect((await sb.exec(["bash", "-c", mess])).exitCode).toBe(0);
    const dirty = await sb.exec(["git", "-C", "/", "status", "--porcelain"], { user: "root" });
    expect(dirty.stdout.split("\n").length).toBeGreaterThan(10);

    const tty = await sb.attach({ cols: 80, rows: 24 });
    let out = "";
    tty.onData((d) => (out += d));
    await until(() => out.endsWith(mark(tty, "133;B")), 10_000, () => out);
    tty.write("sleep 302\r"); // a foreground command of the terminal: stopped; the shell stays
    await until(() => out.includes(mark(tty, "133;C")), 5000, () => out);

    await sb.reset();
    await until(() => out.endsWith(mark(tty, "133;B")), 5000, () => out);
    // Killed (137), or seen first as stopped (147) by the freeze that precedes the kill.
    expect(out.includes(mark(tty, "133;D;137")) || out.includes(mark(tty, "133;D;147"))).toBe(true);
    out = "";
    tty.write("echo still here\r");
    await until(() => out.includes("still here\r\n"), 5000, () => out);
    tty.close();
    const clean = await sb.exec(["git", "-C", "/", "status", "--porcelain", "--ignored=no"], { user: "root" });
    expect(clean).toMatchObject({ exitCode: 0, stdout: "" });
    const after = await sb.exec(["bash", "-c", SNAPSHOT], { user: "root" });
    expect(after.stdout).toBe(before.stdout);
    const ps = await sb.exec(["ps", "-u", "player", "-o", "args="]);
    expect(ps.stdout).not.toContain("sleep");
  });

  it("has no network but the loopback", async () => {
    ready();
    const r = await sb.exec(["bash", "-c", "ls /sys/class/net; ip -o link | awk -F': ' '{print $2}'"]);
    expect(r.stdout).toBe("lo\nlo\n");
  });

  it("kills a command at its timeout", async () => {
    ready();
    const t = Date.now();
    const r = await sb.exec(["sleep", "100"], { timeoutMs: 500 });
    expect(r).toMatchObject({ timedOut: true, exitCode: 124 });
    expect(Date.now() - t).toBeLessThan(3000);
  });

  it("truncates huge output", async () => {
    ready();
    const r = await sb.exec(["bash", "-c", "head -c 50000000 /dev/zero | tr '\\0' y"], { maxOutputBytes: 64 * 1024 });
    expect(r).toMatchObject({ exitCode: 0, truncated: true });
    expect(r.stdout.length).toBe(64 * 1024);
  });

  it("applies the limits, kills a memory hog and keeps running", async () => {
    ready();
    const info = await driver.docker.getContainer(sb.id).inspect();
    expect(info.HostConfig).toMatchObject({
      NetworkMode: "none",
      Memory: SANDBOX_LIMITS.memoryBytes,
      MemorySwap: SANDBOX_LIMITS.memoryBytes,
      PidsLimit: SANDBOX_LIMITS.pids,
      NanoCpus: SANDBOX_LIMITS.nanoCpus,
      SecurityOpt: ["no-new-privileges"],
      CapDrop: ["ALL"],
    });
    // The same limit, smaller: filling 512 MiB takes ~10 s on a loaded 2-core VM, 64 MiB does not.
    const c = driver.docker.getContainer(sb.id);
    await c.update({ Memory: 64 * 1024 * 1024, MemorySwap: 64 * 1024 * 1024 });
    try {
      const r = await sb.exec(["python3", "-c", "b = b'x' * (2 * 1024**3); print(len(b))"], { timeoutMs: 20_000 });
      expect(r.exitCode).toBe(137); // SIGKILL from the OOM killer
      expect(r.stdout).toBe("");
      expect((await sb.exec(["echo", "alive"])).stdout).toBe("alive\n");
    } finally {
      await c.update({ Memory: SANDBOX_LIMITS.memoryBytes, MemorySwap: SANDBOX_LIMITS.memoryBytes });
    }
  });

  it("caps what a sandbox writes: twice its quota gets ENOSPC/EDQUOT inside, the host database stays writable", async () => {
    ready();
    // this engine is scripts/engine.sh's (btrfs): the status says the disk is capped
    expect(await driver.diskCap()).toEqual({ kind: "size", imageCounts: "ask" });
    expect((await driver.status()).limits).toMatch(/^caps per sandbox: memory 512 MiB, 256 processes, 1 CPU, disk 512 MiB written$/);
    const cap = 64 * 1024 * 1024; // 512 MiB would take long to fill on a 2-core VM; the mechanism is the same
    const small = await createDockerDriver({ limits: { diskBytes: cap } }).create({ image: IMAGE });
    try {
      await expectDiskCapped(small, cap);
    } finally {
      await small.destroy();
    }
  });

  it("contains a fork bomb", async () => {
    ready();
    const r = await sb.exec(["bash", "-c", ":(){ :|:& };:"], { timeoutMs: 3000 });
    expect(r.timedOut).toBe(false); // the bomb goes to the background at once
    await new Promise((res) => setTimeout(res, 1000));
    const stats = await driver.docker.getContainer(sb.id).stats({ stream: false, "one-shot": true } as { stream: false });
    expect(stats.pids_stats?.current).toBeLessThanOrEqual(SANDBOX_LIMITS.pids);
    expect(execFileSync("sh", ["-c", "echo host fine"]).toString()).toBe("host fine\n");
    await sb.reset(); // stops every process of the player's
    expect((await sb.exec(["echo", "alive"])).stdout).toBe("alive\n");
    expect(await sb.alive()).toBe(true);
  });

  it("gives the terminal the console's variables, discarding the one started ahead without them", async () => {
    ready();
    await expectConsoleEnvOnWarm(driver, IMAGE, expect);
  }, 180_000);

  it("hands out warm sandboxes with a shell already at its prompt", async () => {
    ready();
    const pool = createWarmPool(driver, IMAGE, 1);
    await pool.whenFull();
    expect(pool.stats().ready).toBe(1);
    const t = Date.now();
    const warm = await pool.take();
    const tty = await warm.attach({ cols: 80, rows: 24 });
    let out = "";
    tty.onData((s) => (out += s));
    await until(() => out.includes(mark(tty, "133;B")), 5000, () => out);
    expect(Date.now() - t).toBeLessThan(1000);
    await warm.destroy();
    await pool.drain();
  });

  it("cleanup() removes this instance's containers and a crashed instance's, not a live one's", async () => {
    ready();
    const dead = spawnSync("true").pid; // a pid that has ended
    const crashed = await driver.docker.createContainer({ Image: IMAGE, Cmd: ["true"], Labels: { [OWNER_LABEL]: `${os.hostname()}-${dead}-abc` } });
    const live = await driver.docker.createContainer({ Image: IMAGE, Cmd: ["true"], Labels: { [OWNER_LABEL]: `${os.hostname()}-1-abc` } });
    try {
      expect(await driver.cleanup()).toBeGreaterThanOrEqual(2); // the crashed one and this file's sandbox
      await expect(crashed.inspect()).rejects.toThrow();
      expect(await sb.alive()).toBe(false);
      await live.inspect(); // pid 1 is alive: kept
    } finally {
      await live.remove({ force: true });
    }
  });

  it("destroy() and cleanup() racing for the same containers both end quietly", async () => {
    ready();
    const boxes = await Promise.all([1, 2, 3].map(() => driver.create({ image: IMAGE })));
    await Promise.all([...boxes.map((b) => b.destroy()), driver.cleanup(), driver.cleanup()]);
    for (const b of boxes) expect(await b.alive()).toBe(false);
  });
});

async function until(cond: () => boolean, ms: number, show: () => string): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out; got ${JSON.stringify(show())}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
