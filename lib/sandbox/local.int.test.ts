// Integration test of the local driver (bubblewrap + node-pty, no daemon) on the bash-fs1 root file
// system. The same checks as docker.int.test.ts, plus what only this driver has to prove: limits
// without a container runtime (cgroups, and rlimits alone), the copy mode, leftovers after a crash.
// Needs root, bubblewrap and scripts/build-rootfs.sh (run here, idempotent). Fails, never skips.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalDriver, type LocalDriver } from "./local";
import { cgroupParent } from "./localCgroup";
import { createWarmPool } from "./pool";
import { expectDiskCapped } from "./testing/expectDiskCapped";
import { SANDBOX_LIMITS, type Sandbox } from "./types";
import { expectConsoleEnvOnWarm, mark, promptOf, runAtPrompt } from "./testing";

const REPO = path.resolve(__dirname, "../..");
const IMAGE = "plateau/bash-fs1";
const TASKS = path.join(REPO, "data/intercode/tasks/nl2bash/nl2bash_fs_1.json");
// path, type, mode, owner, size, mtime and content hash of every path of the task state
const SNAPSHOT = `cd / && { stat -c '%n %F %a %U:%G %s %Y' /; ls -A /;
  find /testbed /index.html /.gitignore -printf '%p %y %m %u:%g %s %T@ %l\\n';
  find /home/player /tmp -mindepth 1; } | LC_ALL=C sort; find /testbed -type f -exec md5sum {} + | LC_ALL=C sort`;

interface HostSide {
  dir: string;
  initPid: number;
  cgroup: { pids(): number[]; current(f: string): string | null; dirs: string[] } | null;
  rootUid: number;
}
const host = (s: Sandbox) => (s as unknown as { host: HostSide }).host;

let driver: LocalDriver;
let sb: Sandbox;

beforeAll(async () => {
  // up to date in about a second when nothing changed; a first build takes 10-60 s per file system
  const build = spawnSync("bash", [path.join(REPO, "scripts/build-rootfs.sh"), "1"], { cwd: REPO, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`scripts/build-rootfs.sh 1 failed:\n${build.stdout}\n${build.stderr}`);
  driver = createLocalDriver();
  const st = await driver.status();
  if (!st.ok) throw new Error(`the local driver cannot run here: ${st.reason}`);
  if (!(await driver.hasImage(IMAGE))) throw new Error(`no root file system for ${IMAGE}: run scripts/build-rootfs.sh`);
  sb = await driver.create({ image: IMAGE, labels: { "dev.plateau.test": "local.int" } });
}, 600_000);

afterAll(async () => {
  await sb?.destroy();
});

describe("local sandbox", () => {
  it("reports what it uses", async () => {
    const st = await driver.status();
    expect(st.ok).toBe(true);
    expect(st.detail).toContain("bash-fs1");
    expect(driver.limitMode()).toMatch(/^cgroup v[12]$/); // root on this machine: real limits
    expect(driver.fsMode()).toBe("overlay");
  });

  it("runs a gold command of nl2bash_fs_1 and gives its real output", async () => {
    const tasks = JSON.parse(fs.readFileSync(TASKS, "utf8")) as { gold: string }[];
    const gold = tasks[0].gold; // md5 sums of the /testbed/*.java files that are duplicates
    expect(gold).toContain("uniq -d");
    const r = await sb.exec(["bash", "-c", gold]);
    const hello = 'public class Hello { public static void main(String[] args) { System.out.println("Hello world!"); }}\n';
    expect(r).toMatchObject({ exitCode: 0, stderr: "", timedOut: false, truncated: false });
    expect(r.stdout).toBe(createHash("md5").update(hello).digest("hex") + "\n");
    const who = await sb.exec(["bash", "-c", "id -un; pwd; hostname; ls -ld / /testbed | awk '{print $1, $3, $4}'"]);
    expect(who.stdout).toBe("player\n/\nplateau\ndrwxrwxrwt root root\ndrwxr-xr-x player player\n");
    const root = await sb.exec(["id", "-un"], { user: "root" });
    expect(root.stdout).toBe("root\n");
  });

  it("gives a TTY with the shell integration marks, and ^C reaches the foreground job", async () => {
    const t0 = performance.now();
    const tty = await sb.attach({ cols: 100, rows: 30 });
    const PROMPT = promptOf(tty);
    let out = "";
    tty.onData((s) => (out += s));
    await until(() => out.endsWith(PROMPT), 10_000, () => out);
    console.log(`local driver: attach -> first prompt ${(performance.now() - t0).toFixed(0)} ms`);
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
    out = "";
    tty.write("sleep 100\r");
    await until(() => out.includes(mark(tty, "133;C")), 5000, () => out);
    for (const end = Date.now() + 5000; Date.now() < end; await sleep(20)) {
      if ((await sb.exec(["ps", "-u", "player", "-o", "args="])).stdout.includes("sleep 100")) break; // in the foreground now
    }
    tty.write("\x03");
    await until(() => out.endsWith(PROMPT), 5000, () => out);
    expect(out).toContain(mark(tty, "133;D;130"));
    out = "";
    tty.write("sleep 200 & echo $!\r"); // a job of the terminal's: it ends with the terminal
    await until(() => out.endsWith(PROMPT), 5000, () => out);
    const exited = new Promise((r) => tty.onExit(r));
    tty.close();
    expect(await exited).toMatchObject({ exitCode: null, reason: "closed" });
    let ps = "";
    for (const end = Date.now() + 5000; Date.now() < end; await sleep(20)) {
      ps = (await sb.exec(["ps", "-u", "player", "-o", "args="])).stdout;
      if (!ps.includes("bash -l") && !ps.includes("sleep 200")) break;
    }
    expect(ps).not.toContain("bash -l");
    expect(ps).not.toContain("sleep 200");
  });

  it("reset puts back content, modes, owners, mtimes and empty folders, and stops the player's processes", async () => {
    const before = await sb.exec(["bash", "-c", SNAPSHOT], { user: "root" });
    expect(before.exitCode).toBe(0);
    const mess = [
      "echo more >> /testbed/textfile7.txt",
      "rm -rf /testbed/dir1 /testbed/dir2/subdir2/subsubdir1",
      "mkdir -p /testbed/new/deep && echo x > /testbed/new/deep/f && touch /rootfile ~/homefile /tmp/tmpfile",
      "chmod 600 /testbed/hello.c && touch -d 2001-01-01 /testbed/Hello.java",
      "ln -s /testbed/dir3/subdir1/subsubdir1/FooBar / && mv /testbed/recent.txt /testbed/recent.md",
      "(sleep 300 &) ; sleep 301 &",
    ].join("; ");
    expect((await sb.exec(["bash", "-c", mess])).exitCode).toBe(0);
    const dirty = await sb.exec(["git", "-C", "/", "status", "--porcelain"], { user: "root" });
    expect(dirty.stdout.split("\n").length).toBeGreaterThan(10);
    const md5 = await sb.exec(["md5sum", "/testbed/new/deep/f"], { user: "root" });
    expect(md5.stdout).toBe(`${createHash("md5").update("x\n").digest("hex")}  /testbed/new/deep/f\n`);

    const t = performance.now();
    await sb.reset();
    console.log(`local driver: reset ${(performance.now() - t).toFixed(0)} ms`);
    const clean = await sb.exec(["git", "-C", "/", "status", "--porcelain", "--ignored=no"], { user: "root" });
    expect(clean).toMatchObject({ exitCode: 0, stdout: "" });
    const after = await sb.exec(["bash", "-c", SNAPSHOT], { user: "root" });
    expect(after.stdout).toBe(before.stdout);
    const ps = await sb.exec(["ps", "-u", "player", "-o", "args="]);
    expect(ps.stdout).not.toContain("sleep");
  });

  it("makes no namespace, mounts nothing and runs under seccomp, as player or root; threads and fork still work", async () => {
    const probe = "grep Seccomp: /proc/self/status; cat /proc/sys/user/max_user_namespaces; unshare -U true; echo unshare=$?; unshare -m true; echo unshare=$?";
    const player = await sb.exec(["bash", "-c", probe]);
    expect(player.stdout).toBe("Seccomp:\t2\n0\nunshare=1\nunshare=1\n");
    expect(player.stderr).toBe("unshare: unshare failed: Operation not permitted\n".repeat(2));
    const root = await sb.exec(["bash", "-c", `${probe}; mount -t tmpfs none /mnt; echo mount=$?`], { user: "root" });
    expect(root.stdout).toBe("Seccomp:\t2\n0\nunshare=1\nunshare=1\nmount=32\n");
    const threads = await sb.exec(["python3", "-c", "import os, threading; t = threading.Thread(target=print, args=('thread',), kwargs={'flush': True}); t.start(); t.join(); os.wait() if os.fork() else print('child')"]);
    expect(threads.stdout.split("\n").sort().join(" ")).toBe(" child thread");
    // the terminal's shell too
    const tty = await sb.attach({ cols: 100, rows: 30 });
    let out = "";
    tty.onData((d) => (out += d));
    await until(() => out.endsWith(promptOf(tty)), 10_000, () => out);
    tty.write("grep Seccomp: /proc/$$/status; unshare -U true; echo rc=$?\r");
    await until(() => /rc=\d/.test(out), 5000, () => out); // the echo's output, not the typed line
    expect(out).toMatch(/Seccomp:\t2\r\nunshare: unshare failed: Operation not permitted\r\nrc=1/);
    tty.close();
  });

  it("has no network but the loopback", async () => {
    const r = await sb.exec(["bash", "-c", "ip -o link | awk -F': ' '{print $2}'; tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '"]);
    expect(r.stdout).toBe("lo\nlo\n");
    const curl = await sb.exec(["curl", "-sS", "-m", "2", "http://1.1.1.1/"]);
    expect(curl.exitCode).not.toBe(0);
  });

  it("kills a command at its timeout", async () => {
    const t = Date.now();
    const r = await sb.exec(["sleep", "100"], { timeoutMs: 500 });
    expect(r).toMatchObject({ timedOut: true, exitCode: 124 });
    expect(Date.now() - t).toBeLessThan(3000);
  });

  it("truncates huge output", async () => {
    const r = await sb.exec(["bash", "-c", "head -c 50000000 /dev/zero | tr '\\0' y"], { maxOutputBytes: 64 * 1024 });
    expect(r).toMatchObject({ exitCode: 0, truncated: true });
    expect(r.stdout.length).toBe(64 * 1024);
  });

  it("applies the limits, kills a memory hog and keeps running", async () => {
    const cg = host(sb).cgroup!;
    expect(cg).not.toBeNull();
    const read = (name: string) => {
      for (const d of cg.dirs) if (fs.existsSync(path.join(d, name))) return fs.readFileSync(path.join(d, name), "utf8").trim();
      return null;
    };
    expect(read("pids.max")).toBe(String(SANDBOX_LIMITS.pids));
    expect(Number(read("memory.limit_in_bytes") ?? read("memory.max"))).toBe(SANDBOX_LIMITS.memoryBytes);
    const limits = await sb.exec(["bash", "-c", "ulimit -u; ulimit -f; grep -E 'NoNewPrivs|CapEff' /proc/self/status | tr -s '\\t ' ' '"]);
    // With a cgroup, pids.max (above) bounds the sandbox and RLIMIT_NPROC is left as the host's own
    // (it counts per host uid, so one sandbox's fork bomb would starve another's forks).
    const hostNproc = execFileSync("bash", ["-c", "ulimit -u"]).toString().trim();
    expect(hostNproc).not.toBe(String(SANDBOX_LIMITS.pids));
    expect(limits.stdout).toBe(`${hostNproc}\n${(1024 * 1024 * 1024) / 1024}\nCapEff: 0000000000000000\nNoNewPrivs: 1\n`);
    // The same limit, smaller: filling 512 MiB takes ~10 s on a loaded 2-core VM, 64 MiB does not.
    const small = await createLocalDriver({ limits: { memoryBytes: 64 * 1024 * 1024 } }).create({ image: IMAGE });
    try {
      const r = await small.exec(["python3", "-c", "b = b'x' * (2 * 1024**3); print(len(b))"], { timeoutMs: 20_000 });
      expect(r.exitCode).toBe(137); // SIGKILL from the OOM killer
      expect(r.stdout).toBe("");
      expect((await small.exec(["echo", "alive"])).stdout).toBe("alive\n");
    } finally {
      await small.destroy();
    }
  });

  it("caps what a sandbox writes: twice its quota gets ENOSPC inside, the host database stays writable", async () => {
    expect((await driver.status()).limits).toBe("caps per sandbox: memory 512 MiB, 256 processes, 1 CPU, disk 512 MiB written");
    const cap = 64 * 1024 * 1024; // the default 512 MiB works the same, only slower to fill
    for (const fsMode of ["overlay", "copy"] as const) {
      const small = await createLocalDriver({ fs: fsMode, limits: { diskBytes: cap } }).create({ image: IMAGE });
      try {
        await expectDiskCapped(small, cap);
      } finally {
        await small.destroy();
      }
      expect(fs.existsSync(`${host(small).dir}.disk`)).toBe(false); // its file goes with it
    }
  });

  it("contains a fork bomb: pids stay at the limit, the host stays responsive, reset recovers", async () => {
    const r = await sb.exec(["bash", "-c", ":(){ :|:& };:"], { timeoutMs: 3000 });
    expect(r.timedOut).toBe(false); // the bomb goes to the background at once
    const cg = host(sb).cgroup!;
    const lags: number[] = [];
    let pids = 0;
    for (let i = 0; i < 30 && pids < SANDBOX_LIMITS.pids; i++) {
      const t = performance.now();
      await sleep(100);
      lags.push(performance.now() - t - 100);
      pids = Math.max(pids, Number(cg.current("pids.current")));
      expect(Number(cg.current("pids.current"))).toBeLessThanOrEqual(SANDBOX_LIMITS.pids); // up to the limit only
    }
    expect(pids).toBeGreaterThan(20); // it did explode
    const t = performance.now();
    expect(execFileSync("sh", ["-c", "echo host fine"]).toString()).toBe("host fine\n");
    console.log(`local driver: fork bomb at ${pids} pids; host event loop lag max ${Math.max(...lags).toFixed(1)} ms, host spawn ${(performance.now() - t).toFixed(0)} ms`);
    expect(Math.max(...lags)).toBeLessThan(1000);
    await sb.reset(); // stops every process of the player's, from the host first
    expect((await sb.exec(["echo", "alive"])).stdout).toBe("alive\n");
    expect(await sb.alive()).toBe(true);
    expect(cg.pids().length).toBeLessThan(10);
  });

  it("without cgroups, rlimits alone contain a fork bomb and a memory hog", async () => {
    const d = createLocalDriver({ cgroups: false, limits: { pids: 64, memoryBytes: 128 * 1024 * 1024 } });
    expect(d.limitMode()).toBe("rlimits");
    const s = await d.create({ image: IMAGE });
    try {
      const hog = await s.exec(["python3", "-c", "b = b'x' * (2 * 1024**3); print(len(b))"], { timeoutMs: 20_000 });
      expect(hog.exitCode).toBe(1);
      expect(hog.stderr).toContain("MemoryError"); // RLIMIT_AS
      await s.exec(["bash", "-c", ":(){ :|:& };:"], { timeoutMs: 3000 });
      await sleep(1000);
      const uid = host(s).rootUid + 1000;
      const count = Number(execFileSync("sh", ["-c", `ps -U ${uid} -o pid= | wc -l`]).toString());
      expect(count).toBeLessThanOrEqual(64); // RLIMIT_NPROC, counted in the sandbox's user namespace
      await s.reset();
      expect((await s.exec(["echo", "alive"])).stdout).toBe("alive\n");
    } finally {
      await s.destroy();
    }
  });

  it("copy mode (no overlay): the same files, writable task state, same reset", async () => {
    const d = createLocalDriver({ fs: "copy" });
    const s = await d.create({ image: IMAGE });
    try {
      const a = await s.exec(["bash", "-c", SNAPSHOT], { user: "root" });
      const b = await sb.exec(["bash", "-c", SNAPSHOT], { user: "root" });
      // the same task state; only the mtime of / may differ (the helper restores it at start in both)
      expect(a.stdout).toBe(b.stdout);
      await s.exec(["bash", "-c", "echo x > /testbed/new.txt; touch /top.txt; rm /index.html"]);
      expect((await s.exec(["git", "-C", "/", "status", "--porcelain"], { user: "root" })).stdout).toBe(" D index.html\n?? testbed/new.txt\n?? top.txt\n");
      await s.reset();
      expect((await s.exec(["bash", "-c", SNAPSHOT], { user: "root" })).stdout).toBe(a.stdout);
    } finally {
      await s.destroy();
    }
  });

  it("gives the terminal the console's variables, discarding the one started ahead without them", async () => {
    await expectConsoleEnvOnWarm(driver, IMAGE, expect);
  }, 180_000);

  it("hands out warm sandboxes with a shell already at its prompt", async () => {
    const pool = createWarmPool(driver, IMAGE, 1);
    await pool.whenFull();
    expect(pool.stats().ready).toBe(1);
    const t = Date.now();
    const warm = await pool.take();
    const tty = await warm.attach({ cols: 80, rows: 24 });
    let out = "";
    tty.onData((s) => (out += s));
    await until(() => out.includes(mark(tty, "133;B")), 5000, () => out);
    console.log(`local driver: warm pool take -> prompt ${Date.now() - t} ms`);
    expect(Date.now() - t).toBeLessThan(1000);
    await warm.destroy();
    await pool.drain();
  });

  it("cleanup() removes this instance's sandboxes and a crashed process's, not a live one's", async () => {
    // a server that dies with a sandbox: its work folder, overlay mount and cgroup stay behind
    const script = path.join(os.tmpdir(), `plateau-local-crash-${process.pid}.mts`);
    fs.writeFileSync(
      script,
      `import { createLocalDriver } from ${JSON.stringify(path.join(REPO, "lib/sandbox/local.ts"))};\n` +
        `const s = await createLocalDriver({ workRoot: ${JSON.stringify(driver.workRoot)} }).create({ image: ${JSON.stringify(IMAGE)} });\n` +
        `console.log("ID " + s.id + " PID " + process.pid);\nsetInterval(() => {}, 1000);\n`,
    );
    const child = spawn(path.join(REPO, "node_modules/.bin/tsx"), [script], { cwd: REPO, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (b) => (out += b));
    try {
      await until(() => /ID [0-9a-f]{12} PID \d+\n/.test(out), 30_000, () => out);
    } finally {
      const owner = /PID (\d+)/.exec(out);
      if (owner) process.kill(Number(owner[1]), "SIGKILL"); // the node process that owns the sandbox (tsx runs it as a child)
      child.kill("SIGKILL");
      fs.rmSync(script, { force: true });
    }
    await new Promise((r) => (child.exitCode !== null || child.signalCode ? r(null) : child.once("exit", r)));
    const id = /ID ([0-9a-f]{12})/.exec(out)![1];
    const dir = path.join(driver.workRoot, id);
    expect(fs.existsSync(dir)).toBe(true);
    // another Plateau's cleanup, with its own work root, leaves this one's sandboxes alone
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "plateau-other-root-"));
    try {
      await createLocalDriver({ workRoot: other }).cleanup();
      expect(await sb.alive()).toBe(true);
      expect((await sb.exec(["echo", "alive"])).stdout).toBe("alive\n");
      expect(fs.existsSync(dir)).toBe(true);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
      for (const d of host(sb).cgroup!.dirs) fs.rmdirSync(path.join(path.dirname(path.dirname(d)), cgroupParent(other))); // its empty parent group
    }
    // one owned by a live process (pid 1): kept
    const liveId = "0123456789ab";
    fs.mkdirSync(path.join(driver.workRoot, liveId), { recursive: true });
    fs.writeFileSync(path.join(driver.workRoot, `${liveId}.json`), JSON.stringify({ id: liveId, pid: 1, pidStart: null, instanceId: "other" }));
    try {
      expect(await driver.cleanup()).toBeGreaterThanOrEqual(2); // the crashed one and this file's sandbox
      expect(fs.existsSync(dir)).toBe(false);
      expect(fs.existsSync(`${dir}.json`)).toBe(false);
      expect(fs.existsSync(`${dir}.disk`)).toBe(false);
      expect(fs.readFileSync("/proc/self/mountinfo", "utf8")).not.toContain(dir);
      expect(fs.existsSync(path.join(path.dirname(host(sb).cgroup!.dirs[0]), id))).toBe(false);
      expect(await sb.alive()).toBe(false);
      expect(fs.existsSync(path.join(driver.workRoot, liveId))).toBe(true);
    } finally {
      fs.rmSync(path.join(driver.workRoot, liveId), { recursive: true, force: true });
      fs.rmSync(path.join(driver.workRoot, `${liveId}.json`), { force: true });
    }
  });
});

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

async function until(cond: () => boolean, ms: number, show: () => string): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out; got ${JSON.stringify(show())}`);
    await sleep(5);
  }
}
