// The local driver (bubblewrap + node-pty, no daemon) on the bash-fs1 root file system: the sandbox
// contract (testing/sandboxContract.ts, which docker.int.test.ts runs too), then what only this
// driver has to prove: limits without a container runtime (cgroups, and rlimits alone), the kernel
// surface, the copy mode, leftovers after a crash.
// Needs root, bubblewrap and scripts/build-rootfs.sh (run here, idempotent). Fails, never skips.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLocalDriver, type LocalDriver } from "./local";
import { cgroupParent } from "./localCgroup";
import { expectDiskCapped } from "./testing/expectDiskCapped";
import { SANDBOX_LIMITS, type Sandbox } from "./types";
import { promptOf, sleep, until } from "./testing";
import { IMAGE, sandboxContract, SNAPSHOT, useSandbox } from "./testing/sandboxContract";

const REPO = path.resolve(__dirname, "../..");

interface HostSide {
  dir: string;
  initPid: number;
  cgroup: { pids(): number[]; current(f: string): string | null; dirs: string[] } | null;
  rootUid: number;
}
const host = (s: Sandbox) => (s as unknown as { host: HostSide }).host;

const t = useSandbox<LocalDriver>(
  async () => {
    // up to date in about a second when nothing changed; a first build takes 10-60 s per file system
    const build = spawnSync("bash", [path.join(REPO, "scripts/build-rootfs.sh"), "1"], { cwd: REPO, encoding: "utf8" });
    if (build.status !== 0) throw new Error(`scripts/build-rootfs.sh 1 failed:\n${build.stdout}\n${build.stderr}`);
    return {
      driver: createLocalDriver(),
      withLimits: (limits) => createLocalDriver({ limits }),
      processes: async (sb) => Number(host(sb).cgroup!.current("pids.current")),
    };
  },
  "local.int",
  600_000,
);

describe("local sandbox: the contract", () => sandboxContract(t));

describe("local sandbox: what only this driver has", () => {
  it("reports what it uses", async () => {
    t.ready();
    const { driver } = t;
    const st = await driver.status();
    expect(st.ok).toBe(true);
    expect(st.detail).toContain("bash-fs1");
    expect(driver.limitMode()).toMatch(/^cgroup v[12]$/); // root on this machine: real limits
    expect(driver.fsMode()).toBe("overlay");
  });

  it("makes no namespace, mounts nothing and runs under seccomp, as player or root; threads and fork still work", async () => {
    t.ready();
    const sb = t.sb;
    const probe =
      "grep Seccomp: /proc/self/status; cat /proc/sys/user/max_user_namespaces; unshare -U true; echo unshare=$?; unshare -m true; echo unshare=$?";
    const player = await sb.exec(["bash", "-c", probe]);
    expect(player.stdout).toBe("Seccomp:\t2\n0\nunshare=1\nunshare=1\n");
    expect(player.stderr).toBe("unshare: unshare failed: Operation not permitted\n".repeat(2));
    const root = await sb.exec(["bash", "-c", `${probe}; mount -t tmpfs none /mnt; echo mount=$?`], { user: "root" });
    expect(root.stdout).toBe("Seccomp:\t2\n0\nunshare=1\nunshare=1\nmount=32\n");
    const threads = await sb.exec([
      "python3",
      "-c",
      "import os, threading; t = threading.Thread(target=print, args=('thread',), kwargs={'flush': True}); t.start(); t.join(); os.wait() if os.fork() else print('child')",
    ]);
    expect(threads.stdout.split("\n").sort().join(" ")).toBe(" child thread");
    // the terminal's shell too
    const tty = await sb.attach({ cols: 100, rows: 30 });
    let out = "";
    tty.onData((d) => (out += d));
    await until(
      () => out.endsWith(promptOf(tty)),
      10_000,
      () => out,
    );
    tty.write("grep Seccomp: /proc/$$/status; unshare -U true; echo rc=$?\r");
    await until(
      () => /rc=\d/.test(out),
      5000,
      () => out,
    ); // the echo's output, not the typed line
    expect(out).toMatch(/Seccomp:\t2\r\nunshare: unshare failed: Operation not permitted\r\nrc=1/);
    tty.close();
  });

  it("applies the limits with a cgroup and rlimits", async () => {
    t.ready();
    const sb = t.sb;
    const cg = host(sb).cgroup!;
    expect(cg).not.toBeNull();
    const read = (name: string) => {
      for (const d of cg.dirs) if (fs.existsSync(path.join(d, name))) return fs.readFileSync(path.join(d, name), "utf8").trim();
      return null;
    };
    expect(read("pids.max")).toBe(String(SANDBOX_LIMITS.pids));
    expect(Number(read("memory.limit_in_bytes") ?? read("memory.max"))).toBe(SANDBOX_LIMITS.memoryBytes);
    const limits = await sb.exec([
      "bash",
      "-c",
      "ulimit -u; ulimit -f; grep -E 'NoNewPrivs|CapEff' /proc/self/status | tr -s '\\t ' ' '",
    ]);
    // With a cgroup, pids.max (above) bounds the sandbox and RLIMIT_NPROC is left as the host's own
    // (it counts per host uid, so one sandbox's fork bomb would starve another's forks).
    const hostNproc = execFileSync("bash", ["-c", "ulimit -u"]).toString().trim();
    expect(hostNproc).not.toBe(String(SANDBOX_LIMITS.pids));
    expect(limits.stdout).toBe(`${hostNproc}\n${(1024 * 1024 * 1024) / 1024}\nCapEff: 0000000000000000\nNoNewPrivs: 1\n`);
  });

  it("caps what a sandbox writes in copy mode too; a sandbox's folder and disk file go with it", async () => {
    t.ready();
    expect((await t.driver.status()).limits).toBe("caps per sandbox: memory 512 MiB, 256 processes, 1 CPU, disk 512 MiB written");
    const cap = 64 * 1024 * 1024; // the default 512 MiB works the same, only slower to fill
    const small = await createLocalDriver({ fs: "copy", limits: { diskBytes: cap } }).create({ image: IMAGE });
    try {
      await expectDiskCapped(small, cap);
    } finally {
      await small.destroy();
    }
    expect(fs.existsSync(`${host(small).dir}.disk`)).toBe(false);
    const overlay = await t.subject.withLimits({ diskBytes: cap }).create({ image: IMAGE });
    await overlay.destroy();
    expect(fs.existsSync(host(overlay).dir)).toBe(false);
    expect(fs.existsSync(`${host(overlay).dir}.disk`)).toBe(false);
  });

  it("without cgroups, rlimits alone contain a fork bomb and a memory hog", async () => {
    t.ready();
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
    t.ready();
    const sb = t.sb;
    const d = createLocalDriver({ fs: "copy" });
    const s = await d.create({ image: IMAGE });
    try {
      const a = await s.exec(["bash", "-c", SNAPSHOT], { user: "root" });
      const b = await sb.exec(["bash", "-c", SNAPSHOT], { user: "root" });
      // the same task state; only the mtime of / may differ (the helper restores it at start in both)
      expect(a.stdout).toBe(b.stdout);
      await s.exec(["bash", "-c", "echo x > /testbed/new.txt; touch /top.txt; rm /index.html"]);
      expect((await s.exec(["git", "-C", "/", "status", "--porcelain"], { user: "root" })).stdout).toBe(
        " D index.html\n?? testbed/new.txt\n?? top.txt\n",
      );
      await s.reset();
      expect((await s.exec(["bash", "-c", SNAPSHOT], { user: "root" })).stdout).toBe(a.stdout);
    } finally {
      await s.destroy();
    }
  });

  it("cleanup() removes this instance's sandboxes and a crashed process's, not a live one's", async () => {
    t.ready();
    const { driver, sb } = t;
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
      await until(
        () => /ID [0-9a-f]{12} PID \d+\n/.test(out),
        30_000,
        () => out,
      );
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
    fs.writeFileSync(
      path.join(driver.workRoot, `${liveId}.json`),
      JSON.stringify({ id: liveId, pid: 1, pidStart: null, instanceId: "other" }),
    );
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
