// The sandbox contract (types.ts) as a player, a scorer and a warm pool meet it: one suite of cases
// that docker.int.test.ts and local.int.test.ts both run, each against its own driver and engine,
// on the plateau/bash-fs1 image. What only one driver has to prove stays in that driver's file.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createWarmPool } from "../pool";
import { SANDBOX_LIMITS, type Sandbox, type SandboxDriver } from "../types";
import { expectConsoleEnvOnWarm, mark, promptOf, runAtPrompt, sleep, until } from "../testing";
import { expectDiskCapped } from "./expectDiskCapped";

export const IMAGE = "plateau/bash-fs1";
const TASKS = fileURLToPath(new URL("../../../data/intercode/tasks/nl2bash/nl2bash_fs_1.json", import.meta.url));
/** Path, type, mode, owner, size, mtime and content hash of every path of the task state. */
export const SNAPSHOT = `cd / && { stat -c '%n %F %a %U:%G %s %Y' /; ls -A /;
  find /testbed /index.html /.gitignore -printf '%p %y %m %u:%g %s %T@ %l\\n';
  find /home/player /tmp -mindepth 1; } | LC_ALL=C sort; find /testbed -type f -exec md5sum {} + | LC_ALL=C sort`;

/** What the contract needs of a driver beyond the interface. */
export interface ContractDriver<D extends SandboxDriver = SandboxDriver> {
  driver: D;
  /** Another driver of the same kind with some limits lowered, so that a hog or a fill reaches them sooner. */
  withLimits(limits: { memoryBytes?: number; diskBytes?: number }): SandboxDriver;
  /** How many processes the sandbox has now, as its pids limit counts them. */
  processes(sb: Sandbox): Promise<number>;
}

export interface SandboxUnderTest<D extends SandboxDriver> {
  readonly subject: ContractDriver<D>;
  readonly driver: D;
  /** The file's one long-lived sandbox of IMAGE. */
  readonly sb: Sandbox;
  /** Throws why the driver or its image is missing: every test fails, none is skipped. */
  ready(): void;
}

/** Open the driver and one sandbox for the whole file (a failing beforeAll would only mark the tests skipped). */
export function useSandbox<D extends SandboxDriver>(
  open: () => Promise<ContractDriver<D>>,
  label: string,
  timeoutMs = 60_000,
): SandboxUnderTest<D> {
  let subject: ContractDriver<D> | null = null;
  let sb: Sandbox | null = null;
  let setupError: Error | null = null;
  beforeAll(async () => {
    try {
      subject = await open();
      const st = await subject.driver.status();
      if (!st.ok) throw new Error(`the ${subject.driver.name} driver cannot run here: ${st.reason} (${st.detail ?? ""})`);
      if (!(await subject.driver.hasImage(IMAGE)))
        throw new Error(`${IMAGE} is missing: run scripts/build-images.sh (docker) or scripts/build-rootfs.sh (local)`);
      sb = await subject.driver.create({ image: IMAGE, labels: { "dev.plateau.test": label } });
    } catch (e) {
      setupError = e as Error;
    }
  }, timeoutMs);
  afterAll(async () => {
    await sb?.destroy();
  });
  return {
    get subject() {
      return subject!;
    },
    get driver() {
      return subject!.driver;
    },
    get sb() {
      return sb!;
    },
    ready() {
      if (setupError) throw setupError;
    },
  };
}

/** The contract's cases, in the calling describe block. */
export function sandboxContract<D extends SandboxDriver>(t: SandboxUnderTest<D>): void {
  it("runs a gold command of nl2bash_fs_1 and gives its real output, as the player (root when asked)", async () => {
    t.ready();
    const tasks = JSON.parse(readFileSync(TASKS, "utf8")) as { gold: string }[];
    const gold = tasks[0].gold; // md5 sums of the /testbed/*.java files that are duplicates
    expect(gold).toContain("uniq -d");
    const r = await t.sb.exec(["bash", "-c", gold]);
    const hello = 'public class Hello { public static void main(String[] args) { System.out.println("Hello world!"); }}\n';
    expect(r).toMatchObject({ exitCode: 0, stderr: "", timedOut: false, truncated: false });
    expect(r.stdout).toBe(createHash("md5").update(hello).digest("hex") + "\n");
    const who = await t.sb.exec(["bash", "-c", "id -un; pwd; hostname; ls -ld / /testbed | awk '{print $1, $3, $4}'"]);
    expect(who.stdout).toBe("player\n/\nplateau\ndrwxrwxrwt root root\ndrwxr-xr-x player player\n");
    const root = await t.sb.exec(["id", "-un"], { user: "root" });
    expect(root.stdout).toBe("root\n");
  });

  it("gives a TTY with the shell integration marks; ^C reaches the foreground job; closing it ends its jobs", async () => {
    t.ready();
    const sb = t.sb;
    const tty = await sb.attach({ cols: 100, rows: 30 });
    const PROMPT = promptOf(tty);
    let out = "";
    tty.onData((s) => (out += s));
    await until(
      () => out.endsWith(PROMPT),
      10_000,
      () => out,
    );
    out = "";
    // a line that starts with a subshell: its E and C still come first, once
    tty.write('( echo hi ); echo "a;b"\r');
    await until(
      () => out.endsWith(PROMPT),
      5000,
      () => out,
    );
    const e = '( echo hi )\\x3b echo "a\\x3bb"';
    expect(out).toBe(
      `( echo hi ); echo "a;b"\r\n${mark(tty, `633;E;${e}`)}${mark(tty, "133;C")}hi\r\na;b\r\n${mark(tty, "133;D;0")}${PROMPT}`,
    );
    // The nonce signs each mark, and no program the shell starts inherits it.
    expect(tty.markNonce).toMatch(/^[0-9a-f]{32}$/);
    const seen = await runAtPrompt(tty, "env; tr '\\0' '\\n' </proc/self/environ; echo \"[$PLATEAU_MARK_NONCE]\"");
    expect(seen).toContain("TERM=xterm-256color");
    expect(seen.split(tty.markNonce).length - 1).toBe(5); // in E, C, D, A and B only
    out = "";
    tty.write("sleep 100\r");
    await until(
      () => out.includes(mark(tty, "133;C")),
      5000,
      () => out,
    );
    for (const end = Date.now() + 5000; Date.now() < end; await sleep(20)) {
      if ((await sb.exec(["ps", "-u", "player", "-o", "args="])).stdout.includes("sleep 100")) break; // in the foreground now
    }
    tty.write("\x03");
    await until(
      () => out.endsWith(PROMPT),
      5000,
      () => out,
    );
    expect(out).toContain(mark(tty, "133;D;130"));
    out = "";
    tty.write("sleep 200 & echo $!\r"); // a job of the terminal's: it ends with the terminal
    await until(
      () => out.endsWith(PROMPT),
      5000,
      () => out,
    );
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

  it("holds the command's output back while the TTY is paused", async () => {
    t.ready();
    const tty = await t.sb.attach({ cols: 80, rows: 24 });
    let got = 0;
    let out = "";
    tty.onData((s) => {
      got += s.length;
      out = (out + s).slice(-200);
    });
    await until(
      () => out.endsWith(mark(tty, "133;B")),
      10_000,
      () => out,
    );
    tty.pause();
    got = 0;
    out = "";
    tty.write("head -c 3000000 /dev/zero | tr '\\0' y; echo\r");
    await sleep(1500);
    expect(got).toBe(0);
    const blocked = await t.sb.exec(["pgrep", "-x", "tr"]); // still writing: the PTY is full
    expect(blocked.exitCode).toBe(0);
    tty.resume();
    await until(
      () => out.endsWith(mark(tty, "133;B")),
      20_000,
      () => out,
    );
    expect(got).toBeGreaterThan(3_000_000);
    tty.close();
  });

  it("reset puts back content, modes, owners, mtimes and empty folders, and stops the player's processes", async () => {
    t.ready();
    const sb = t.sb;
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
    const md5 = await sb.exec(["md5sum", "/testbed/new/deep/f"], { user: "root" });
    expect(md5.stdout).toBe(`${createHash("md5").update("x\n").digest("hex")}  /testbed/new/deep/f\n`);

    const tty = await sb.attach({ cols: 80, rows: 24 });
    let out = "";
    tty.onData((d) => (out += d));
    await until(
      () => out.endsWith(mark(tty, "133;B")),
      10_000,
      () => out,
    );
    tty.write("sleep 302\r"); // a foreground command of the terminal: stopped; the shell stays
    await until(
      () => out.includes(mark(tty, "133;C")),
      5000,
      () => out,
    );

    await sb.reset();
    await until(
      () => out.endsWith(mark(tty, "133;B")),
      5000,
      () => out,
    );
    // Killed (137), or seen first as stopped (147) by the freeze that precedes the kill.
    expect(out.includes(mark(tty, "133;D;137")) || out.includes(mark(tty, "133;D;147"))).toBe(true);
    out = "";
    tty.write("echo still here\r");
    await until(
      () => out.includes("still here\r\n"),
      5000,
      () => out,
    );
    tty.close();
    const clean = await sb.exec(["git", "-C", "/", "status", "--porcelain", "--ignored=no"], { user: "root" });
    expect(clean).toMatchObject({ exitCode: 0, stdout: "" });
    const after = await sb.exec(["bash", "-c", SNAPSHOT], { user: "root" });
    expect(after.stdout).toBe(before.stdout);
    const ps = await sb.exec(["ps", "-u", "player", "-o", "args="]);
    expect(ps.stdout).not.toContain("sleep");
  });

  it("has no network but the loopback", async () => {
    t.ready();
    const r = await t.sb.exec([
      "bash",
      "-c",
      "ip -o link | awk -F': ' '{print $2}'; tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '",
    ]);
    expect(r.stdout).toBe("lo\nlo\n");
    const curl = await t.sb.exec(["curl", "-sS", "-m", "2", "http://1.1.1.1/"]);
    expect(curl.exitCode).not.toBe(0);
  });

  it("kills a command at its timeout", async () => {
    t.ready();
    const r = await t.sb.exec(["sleep", "100"], { timeoutMs: 500 });
    expect(r).toMatchObject({ timedOut: true, exitCode: 124 });
  });

  it("truncates huge output", async () => {
    t.ready();
    const r = await t.sb.exec(["bash", "-c", "head -c 50000000 /dev/zero | tr '\\0' y"], { maxOutputBytes: 64 * 1024 });
    expect(r).toMatchObject({ exitCode: 0, truncated: true });
    expect(r.stdout.length).toBe(64 * 1024);
  });

  it("kills a memory hog and keeps running", async () => {
    t.ready();
    // The same limit, smaller: filling 512 MiB takes ~10 s on a loaded 2-core VM, 64 MiB does not.
    const small = await t.subject.withLimits({ memoryBytes: 64 * 1024 * 1024 }).create({ image: IMAGE });
    try {
      const r = await small.exec(["python3", "-c", "b = b'x' * (2 * 1024**3); print(len(b))"], { timeoutMs: 20_000 });
      expect(r.exitCode).toBe(137); // SIGKILL from the OOM killer
      expect(r.stdout).toBe("");
      expect((await small.exec(["echo", "alive"])).stdout).toBe("alive\n");
    } finally {
      await small.destroy();
    }
  });

  it("caps what a sandbox writes: twice its quota gets ENOSPC/EDQUOT inside, the host database stays writable", async () => {
    t.ready();
    const cap = 64 * 1024 * 1024; // 512 MiB would take long to fill on a 2-core VM; the mechanism is the same
    const small = await t.subject.withLimits({ diskBytes: cap }).create({ image: IMAGE });
    try {
      await expectDiskCapped(small, cap);
    } finally {
      await small.destroy();
    }
  });

  it("contains a fork bomb: processes stay at the limit, the host stays responsive, reset recovers", async () => {
    t.ready();
    const sb = t.sb;
    const r = await sb.exec(["bash", "-c", ":(){ :|:& };:"], { timeoutMs: 3000 });
    expect(r.timedOut).toBe(false); // the bomb goes to the background at once
    const lags: number[] = [];
    let most = 0;
    for (let i = 0; i < 30 && most < SANDBOX_LIMITS.pids; i++) {
      const t0 = performance.now();
      await sleep(100);
      lags.push(performance.now() - t0 - 100);
      const n = await t.subject.processes(sb);
      expect(n).toBeLessThanOrEqual(SANDBOX_LIMITS.pids); // up to the limit only
      most = Math.max(most, n);
    }
    expect(most).toBeGreaterThan(20); // it did explode
    expect(execFileSync("sh", ["-c", "echo host fine"]).toString()).toBe("host fine\n");
    expect(Math.max(...lags)).toBeLessThan(1000);
    await sb.reset(); // stops every process of the player's
    expect((await sb.exec(["echo", "alive"])).stdout).toBe("alive\n");
    expect(await sb.alive()).toBe(true);
    let left = await t.subject.processes(sb);
    for (const end = Date.now() + 5000; left >= 10 && Date.now() < end; left = await t.subject.processes(sb)) await sleep(100); // the killed are still being reaped
    expect(left).toBeLessThan(10);
    // none of the bomb's processes is left, not even a stopped one (it would hold pids until destroy)
    const seen = (await sb.exec(["sh", "-c", "ps -o stat=,args= -u $(id -u)"])).stdout.split("\n").filter(Boolean);
    expect(seen.filter((l) => !/ ps -o /.test(l))).toEqual([]);
    expect(seen.length).toBeGreaterThan(0); // ps saw itself: the look worked
  });

  it("gives the terminal the console's variables, discarding the one started ahead without them", async () => {
    t.ready();
    await expectConsoleEnvOnWarm(t.driver, IMAGE, expect);
  }, 180_000);

  it("hands out warm sandboxes with a shell already at its prompt", async () => {
    t.ready();
    const pool = createWarmPool(t.driver, IMAGE, 1);
    await pool.whenFull();
    expect(pool.stats().ready).toBe(1);
    const warm = await pool.take();
    const tty = await warm.attach({ cols: 80, rows: 24 });
    let out = "";
    tty.onData((s) => (out += s));
    await until(
      () => out.includes(mark(tty, "133;B")),
      1000,
      () => out,
    );
    await warm.destroy();
    await pool.drain();
  });

  it("destroy() and cleanup() racing for the same sandboxes both end quietly", async () => {
    t.ready();
    const other = t.subject.withLimits({}); // another instance: its cleanup() leaves the file's sandbox alone
    const boxes = await Promise.all([1, 2, 3].map(() => other.create({ image: IMAGE })));
    await Promise.all([...boxes.map((b) => b.destroy()), other.cleanup(), other.cleanup()]);
    for (const b of boxes) expect(await b.alive()).toBe(false);
    expect(await t.sb.alive()).toBe(true);
  });
}
