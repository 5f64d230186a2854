// The local sandbox driver (DESIGN.md § Sandboxes): the docker driver's behaviour without a daemon,
// from node-pty and bubblewrap, on root file systems that scripts/build-rootfs.sh makes from the same
// images (plateau/bash-fsN -> <rootfs>/bash-fsN, owners shifted by a uid base, default 10^9).
//
// One sandbox = one bubblewrap "container" that lives until destroy():
//   - its own user namespace, mapped by us (bwrap --userns-block-fd): uids 0..65535 inside are host
//     uids BASE..BASE+65535, so no process in it is host root, the player (1000) is the unprivileged
//     host uid BASE+1000, and `ls -l` shows root and player exactly as in the container;
//   - its own pid, net (only lo), ipc, uts (hostname plateau), mount and cgroup namespaces; pid 1 is
//     bwrap's reaper, pid 2 `sleep infinity` as root (the container's command);
//   - "/" = a kernel overlay (mounted by host root: bubblewrap 0.8 has none) of the rootfs under a
//     private upper folder: every path writable or not exactly as in the container, and the same
//     folder order (same ext4 underneath); where overlay cannot be mounted, "copy" mode: copies of
//     what the task may change and read-only binds of the system folders;
//   - limits: a cgroup (v1 or v2) with pids.max, memory (no swap) and a 1-CPU quota when the host
//     lets us write one (root here does), plus rlimits on every process: fsize (1 GiB, as docker's
//     ulimit), core, nofile, and nproc and address space only when there is no cgroup (nproc counts
//     per host uid, shared by every sandbox);
//   - disk: the sandbox's work folder (the overlay's upper layer, or copy mode's copies) is an ext4
//     file system of its own, in a sparse file of PLATEAU_SANDBOX_DISK_MB (<workRoot>/<id>.disk,
//     loop-mounted): past it, writes fail with ENOSPC inside, and the host disk holds at most that.
//     Not tmpfs: its pages count as the sandbox's memory and cannot be reclaimed without swap, so a
//     full disk would OOM-kill the sandbox instead of saying "No space left on device";
//   - kernel surface: no user namespace can be made inside (what bwrap --disable-userns does, which
//     bwrap refuses next to --userns-block-fd: user.max_user_namespaces = 0 in its namespace) and a seccomp
//     filter close to Docker's default profile (lib/sandbox/sandboxSeccomp.ts), given to bwrap for
//     the sandbox's init and installed by every process that enters it (terminal, helper).
// The terminal and the root helper enter that sandbox with nsenter (as `docker exec` does): the TTY
// runs `bash -l` as the player (no capabilities, no-new-privs); the helper runs
// docker/bash/helper.py --serve as root inside with only CHOWN, DAC_OVERRIDE, FOWNER, KILL, SETUID,
// SETGID (the docker driver's set) and serves exec() and reset() exactly as in a container.
// Each concern has its file (lib/sandbox/ARCHITECTURE.md): localRootfs, localCgroup, localInit
// (processes), localTerminal; this one puts them together.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { LocalHelper } from "./localHelper";
import { HELPER_PATH } from "./helperChannel";
import { bwrapWorks, cleanEnv, findLocalTools, type LocalTools } from "./hostCommands";
import { allPids, killPid, killSession, processAlive, processStart, sleep, stopAndKill, uidAndParent } from "./hostProcesses";
import { Cgroup, cgroupParent, detectCgroups, type CgroupLayout } from "./localCgroup";
import {
  buildSandboxRoot,
  mountSandboxDisk,
  OverlayError,
  readRootfsMeta,
  rootfsName,
  unmountWorkDir,
  type FsMode,
  type RootfsMeta,
} from "./localRootfs";
import { disableUserns, HOSTNAME, netSysctls, nsenterArgs, startSandboxInit, wrapCommand } from "./localInit";
import { liveInstances, removeLeftovers, type OwnerRecord } from "./localLeftovers";
import { spawnSandboxTty } from "./localTerminal";
import type { LocalTty } from "./localTty";
import { describeLimits } from "./describeLimits";
import { sandboxDiskBytes } from "./sandboxDiskBytes";
import { startImageService } from "./service";
import { withSandboxSeccomp } from "./sandboxSeccomp";
import {
  consoleEnvList,
  SANDBOX_LIMITS,
  type AttachOptions,
  type DriverStatus,
  type ExecOptions,
  type ExecResult,
  type Sandbox,
  type SandboxDriver,
  type SandboxSpec,
  type Tty,
} from "./types";

/** The docker driver's helper capabilities (lib/sandbox/docker.ts HELPER_CAPS). */
const HELPER_CAPS = ["chown", "dac_override", "fowner", "kill", "setuid", "setgid"];

export interface LocalLimits {
  memoryBytes: number;
  pids: number;
  nanoCpus: number;
  user: string;
  /** RLIMIT_FSIZE, as the docker driver's fsize ulimit. */
  fileBytes: number;
  /** Size of the sandbox's own file system: all it can write. */
  diskBytes: number;
}

export interface LocalDriverOptions {
  /** Where build-rootfs.sh put the trees (default $PLATEAU_ROOTFS_DIR, else ${PLATEAU_DATA_DIR:-.data}/rootfs). */
  rootfsDir?: string;
  /** Where the per-sandbox work folders go (default ${PLATEAU_DATA_DIR:-.data}/local). */
  workRoot?: string;
  instanceId?: string;
  limits?: Partial<LocalLimits>;
  /** "auto" (default): cgroup limits when the host allows them; false: rlimits only. */
  cgroups?: "auto" | false;
  /** How "/" is made writable: "auto" (default: overlay, else copy), "overlay" or "copy". */
  fs?: "auto" | FsMode;
}

export interface LocalDriver extends SandboxDriver {
  readonly instanceId: string;
  readonly rootfsDir: string;
  readonly workRoot: string;
  /** How memory/pids/CPU are limited on this host: "cgroup v1", "cgroup v2" or "rlimits". */
  limitMode(): string;
  /** How the next sandbox's "/" is made: "overlay" or "copy" (auto falls back to copy when overlay fails). */
  fsMode(): FsMode;
}

export function createLocalDriver(opts: LocalDriverOptions = {}): LocalDriver {
  const dataDir = path.resolve(process.env.PLATEAU_DATA_DIR ?? ".data");
  const rootfsDir = path.resolve(opts.rootfsDir ?? process.env.PLATEAU_ROOTFS_DIR ?? path.join(dataDir, "rootfs"));
  const workRoot = path.resolve(opts.workRoot ?? path.join(dataDir, "local"));
  const instanceId = opts.instanceId ?? `${os.hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  const limits: LocalLimits = {
    ...SANDBOX_LIMITS,
    fileBytes: 1024 * 1024 * 1024,
    diskBytes: sandboxDiskBytes(),
    ...opts.limits,
  };
  const sandboxes = new Set<LocalSandbox>();
  liveInstances.add(instanceId);

  let cgroupLayout: CgroupLayout | null | undefined;
  const cgroups = () => {
    if (cgroupLayout === undefined)
      cgroupLayout = opts.cgroups === false || process.getuid?.() !== 0 ? null : detectCgroups(cgroupParent(workRoot));
    return cgroupLayout;
  };

  let fsMode: FsMode = opts.fs === "copy" ? "copy" : "overlay";

  const driver: LocalDriver = {
    name: "local",
    instanceId,
    rootfsDir,
    workRoot,

    limitMode() {
      const l = cgroups();
      return l ? `cgroup v${l.version}` : "rlimits";
    },

    fsMode: () => fsMode,

    async status(): Promise<DriverStatus> {
      const { tools, missing } = findLocalTools();
      if (!tools) return { ok: false, reason: missing };
      if (process.getuid?.() !== 0) {
        return {
          ok: false,
          reason:
            "the local sandbox needs root (it maps the sandbox's users in a user namespace, mounts its overlay and writes its cgroup): run Plateau as root, or use Docker",
        };
      }
      const meta = readRootfsMeta(rootfsDir, "bash-fs1");
      const trial = bwrapWorks(tools.bwrap, tools.setpriv, "/", (meta?.uidBase ?? 1_000_000_000) + 1000);
      if (trial.code !== 0) {
        return { ok: false, reason: `bubblewrap cannot start a sandbox here: ${trial.stderr.trim() || `exit ${trial.code}`}` };
      }
      if (!meta) return { ok: false, reason: `no root file systems in ${rootfsDir}: run scripts/build-rootfs.sh` };
      const names = ["bash-fs1", "bash-fs2", "bash-fs3", "bash-fs4"].filter((n) => readRootfsMeta(rootfsDir, n));
      return {
        ok: true,
        detail: `bubblewrap; root file systems ${names.join(", ")} in ${rootfsDir}; "/" by ${fsMode} on an ext4 file per sandbox; limits: ${driver.limitMode()}; seccomp and no user namespaces inside`,
        limits: describeLimits(limits),
      };
    },

    async hasImage(image: string): Promise<boolean> {
      return readRootfsMeta(rootfsDir, image) !== null;
    },

    async create(spec: SandboxSpec): Promise<Sandbox> {
      const { tools, missing } = findLocalTools();
      if (!tools) throw new Error(missing);
      const meta = readRootfsMeta(rootfsDir, spec.image);
      if (!meta) {
        const name = rootfsName(spec.image) ?? spec.image;
        throw new Error(`no root file system for ${spec.image} (${path.join(rootfsDir, name)}): run scripts/build-rootfs.sh`);
      }
      for (;;) {
        const sb = new LocalSandbox(
          randomBytes(6).toString("hex"),
          spec,
          meta,
          tools,
          workRoot,
          limits,
          cgroups(),
          fsMode,
          instanceId,
          (s) => sandboxes.delete(s),
        );
        sandboxes.add(sb);
        try {
          await sb.start();
          return sb;
        } catch (e) {
          await sb.destroy().catch(() => {});
          if (e instanceof OverlayError && opts.fs !== "overlay" && fsMode === "overlay") {
            fsMode = "copy"; // this kernel or file system cannot overlay: copies from now on
            continue;
          }
          throw e;
        }
      }
    },

    async cleanup(): Promise<number> {
      let n = 0;
      for (const sb of [...sandboxes]) {
        await sb.destroy().catch(() => {});
        n++;
      }
      n += await removeLeftovers(workRoot, cgroups());
      return n;
    },
  };
  return driver;
}

class LocalSandbox implements Sandbox {
  readonly driver = "local" as const;
  readonly image: string;
  private readonly dir: string;
  private readonly recFile: string;
  private readonly rootUid: number;
  private cgroup: Cgroup | null = null;
  private outer: ChildProcess | null = null;
  private outerExited = false;
  private initPid = 0;
  private initStart: number | null = null;
  private channel: LocalHelper | null = null;
  private opening: Promise<LocalHelper> | null = null;
  private tty: LocalTty | null = null;
  private spare: LocalTty | null = null;
  private ttyClosing: Promise<void> = Promise.resolve();
  private destroyed = false;
  private destroying: Promise<void> | null = null;

  constructor(
    readonly id: string,
    private readonly spec: SandboxSpec,
    private readonly meta: RootfsMeta,
    private readonly tools: LocalTools,
    workRoot: string,
    private readonly limits: LocalLimits,
    private readonly layout: CgroupLayout | null,
    readonly fsMode: FsMode,
    private readonly instanceId: string,
    private readonly onGone: (s: LocalSandbox) => void,
  ) {
    this.image = spec.image;
    this.dir = path.join(workRoot, id);
    this.recFile = path.join(workRoot, `${id}.json`);
    this.rootUid = meta.uidBase;
  }

  private writeRecord(): void {
    const rec: OwnerRecord = {
      id: this.id,
      image: this.image,
      labels: this.spec.labels,
      instanceId: this.instanceId,
      pid: process.pid,
      pidStart: processStart(process.pid),
      outerPid: this.outer?.pid,
      outerStart: this.outer?.pid ? processStart(this.outer.pid) : undefined,
      initPid: this.initPid || undefined,
      initStart: this.initStart,
      created: new Date().toISOString(),
    };
    fs.writeFileSync(this.recFile, JSON.stringify(rec, null, 2));
  }

  // ------------------------------------------------------------ start

  /** How long each step of start() took (ms), for benchmarks. */
  readonly timings: Record<string, number> = {};

  async start(): Promise<void> {
    let t = performance.now();
    const lap = (name: string) => {
      const now = performance.now();
      this.timings[name] = Math.round((now - t) * 10) / 10;
      t = now;
    };
    fs.mkdirSync(path.dirname(this.dir), { recursive: true, mode: 0o755 });
    this.writeRecord();
    fs.mkdirSync(this.dir, { mode: 0o755 });
    await mountSandboxDisk(this.dir, this.limits.diskBytes, this.tools);
    lap("disk");
    const binds = await buildSandboxRoot(this.dir, this.meta, this.fsMode, this.tools);
    lap(this.fsMode);
    if (this.layout) this.cgroup = Cgroup.create(this.layout, this.id, this.limits);
    lap("cgroup");
    await startSandboxInit({
      tools: this.tools,
      rootDir: path.join(this.dir, "root"),
      binds,
      rootUid: this.rootUid,
      wrap: (argv, keep) => this.wrap(argv, keep),
      onSpawn: (child) => {
        this.outer = child;
        child.on("exit", () => (this.outerExited = true));
      },
      onInit: (pid, start) => {
        this.initPid = pid;
        this.initStart = start;
      },
    });
    this.writeRecord();
    await disableUserns(this.tools.nsenter, this.initPid);
    lap("bwrap");
    // the helper restores / (mode, mtime) from the manifest, as in a container
    const [helper] = await Promise.all([this.helper(), netSysctls(this.tools.nsenter, this.initPid)]);
    lap("helper");
    await startImageService((m, ms) => helper.request(m, ms));
    lap("service");
  }

  /** A host command line that runs argv in this sandbox's cgroup with its rlimits (localInit.ts). */
  private wrap(argv: string[], keep: number[] = []): [string, string[]] {
    return wrapCommand(this.tools, this.cgroup, this.limits, argv, keep);
  }

  /** The command line that runs argv inside the sandbox, as its root (then setpriv drops what it must). */
  private enter(argv: string[]): [string, string[]] {
    return this.wrap([...nsenterArgs(this.tools.nsenter, this.initPid), ...argv]);
  }

  private baseEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return cleanEnv({ HOSTNAME, HOME: home, ...this.spec.env, ...extra });
  }

  private homeOf(user: string): string {
    return this.passwd(user)?.[5] || (user === "root" ? "/root" : `/home/${user}`);
  }

  private helper(): Promise<LocalHelper> {
    if (this.destroyed) return Promise.reject(new Error("the sandbox was destroyed"));
    if (this.channel && !this.channel.closed) return Promise.resolve(this.channel);
    if (!this.opening) {
      const caps = `-all,${HELPER_CAPS.map((c) => `+${c}`).join(",")}`;
      const [file, args] = this.enter([
        "/usr/bin/setpriv",
        "--no-new-privs",
        "--inh-caps=-all",
        `--bounding-set=${caps}`,
        "--",
        ...withSandboxSeccomp(["/usr/bin/python3", "-u", HELPER_PATH, "--serve"]),
      ]);
      const proc = spawn(file, args, { stdio: ["pipe", "pipe", "pipe"], env: this.baseEnv("/root") });
      this.opening = LocalHelper.open(proc)
        .then((h) => {
          this.channel = h;
          return h;
        })
        .finally(() => {
          this.opening = null;
        });
    }
    return this.opening;
  }

  // ------------------------------------------------------------ Sandbox

  async exec(argv: string[], o: ExecOptions = {}): Promise<ExecResult> {
    if (!Array.isArray(argv) || argv.length === 0) throw new Error("exec needs a non-empty argv");
    const helper = await this.helper();
    return helper.exec({
      argv,
      user: o.user ?? this.limits.user,
      workdir: o.workdir ?? "/",
      stdin: o.stdin,
      timeoutMs: o.timeoutMs ?? 10_000,
      maxBytes: o.maxOutputBytes ?? 1024 * 1024,
    });
  }

  /**
   * What git reset --hard + git clean -fd at / would do, then owners, modes, mtimes and empty
   * folders, all from the image's manifest; /home/player, /tmp, /var/tmp, /dev/shm, /run/lock
   * emptied, and every process of the player killed except the terminal's login shell (helper.py reset(): same as docker).
   * The player's processes are first stopped and killed from the host (no fork needed), so a reset
   * works even when a fork bomb has used up the sandbox's pids and taken the helper down with it.
   */
  async reset(): Promise<void> {
    this.killPlayerProcesses();
    let helper: LocalHelper;
    try {
      helper = await this.helper();
    } catch {
      await sleep(50);
      helper = await this.helper(); // the helper died with the pids limit reached: start it again
    }
    await helper.reset();
  }

  /** Host-side: every process of the player (host uid BASE+uid) but the terminal's login shell. */
  private killPlayerProcesses(): number {
    const playerUid = this.rootUid + this.uidOf(this.limits.user);
    const ttyLeader = this.tty?.pid ?? -1;
    const candidates = () => (this.cgroup ? this.cgroup.pids() : allPids());
    return stopAndKill(candidates, (p) => {
      const u = uidAndParent(p);
      return !!u && u.uid === playerUid && u.ppid !== ttyLeader;
    });
  }

  private uidOf(user: string): number {
    if (/^\d+$/.test(user)) return Number(user);
    const f = this.passwd(user);
    return f ? Number(f[2]) : 1000;
  }

  private passwd(user: string): string[] | null {
    try {
      for (const line of fs.readFileSync(path.join(this.meta.dir, "etc/passwd"), "utf8").split("\n")) {
        const f = line.split(":");
        if (f[0] === user || f[2] === user) return f;
      }
    } catch {
      /* none */
    }
    return null;
  }

  async attach(size: { cols: number; rows: number }, opts: AttachOptions = {}): Promise<Tty> {
    if (this.destroyed) throw new Error("the sandbox was destroyed");
    const env = consoleEnvList(opts.env);
    const spare = this.spare;
    this.spare = null;
    if (spare && !spare.closed && env.length === 0) {
      this.tty = spare;
      spare.resize(size.cols, size.rows);
      return spare;
    }
    if (this.tty) this.tty.close();
    spare?.close(); // started without the console's variables
    await this.ttyClosing;
    const tty = await this.openTty(size, opts.env);
    this.tty = tty;
    return tty;
  }

  /** Start the login shell now, so that attach() returns with its first prompt already waiting (warm pool). */
  async prewarmTty(size: { cols: number; rows: number }): Promise<void> {
    if (this.spare || this.tty || this.destroyed) return;
    this.spare = await this.openTty(size);
    await this.spare.whenOutput(5000);
  }

  private openTty(size: { cols: number; rows: number }, consoleEnv: Record<string, string> = {}): Promise<LocalTty> {
    const user = this.limits.user;
    return spawnSandboxTty({
      enter: (argv) => this.enter(argv),
      user,
      rootfsDir: this.meta.dir,
      size,
      env: this.baseEnv(this.homeOf(user), { TERM: "xterm-256color", COLORTERM: "truecolor", ...consoleEnv }) as Record<
        string,
        string
      >,
      onClosed: (tty) => {
        if (this.tty === tty) this.tty = null;
        if (this.spare === tty) this.spare = null;
        this.ttyClosing = this.killTty(tty.pid);
      },
    });
  }

  /**
   * The terminal's shell and every process of its session end with the terminal (docker's kill-tty;
   * a process that called setsid survives until reset or destroy, as there). Done from the host:
   * the session id is the host pid of the terminal's nsenter.
   */
  private async killTty(sid: number): Promise<void> {
    const candidates = () => (this.cgroup ? this.cgroup.pids() : allPids());
    await killSession(sid, candidates);
  }

  async alive(): Promise<boolean> {
    return !this.destroyed && !this.outerExited && this.initPid > 0 && processAlive(this.initPid, this.initStart);
  }

  destroy(): Promise<void> {
    if (!this.destroying) this.destroying = this.teardown();
    return this.destroying;
  }

  private async teardown(): Promise<void> {
    this.destroyed = true;
    const hostSide = [this.outer?.pid, this.tty?.pid, this.spare?.pid, this.channel?.proc.pid].filter((p): p is number => !!p);
    this.tty?.close();
    this.spare?.close();
    this.channel?.close();
    // pid 1 of the sandbox's pid namespace: when it dies the kernel kills every process in it, and
    // the host-side nsenter processes (terminal, helper) reap their child and exit by themselves
    if (this.initPid && processAlive(this.initPid, this.initStart)) killPid(this.initPid, "SIGKILL");
    if (this.outer && !this.outerExited && this.outer.pid) killPid(this.outer.pid, "SIGKILL");
    for (let i = 0; i < 100 && hostSide.some((p) => processAlive(p)); i++) await sleep(5);
    for (const p of hostSide) killPid(p, "SIGKILL");
    if (this.cgroup)
      await this.cgroup.destroy(); // anything left (nothing, normally)
    else if (this.layout) await Cgroup.open(this.layout, this.id).destroy();
    await unmountWorkDir(this.dir);
    fs.rmSync(this.dir, { recursive: true, force: true });
    fs.rmSync(`${this.dir}.disk`, { force: true });
    fs.rmSync(this.recFile, { force: true });
    this.onGone(this);
  }

  /** For tests and diagnostics: the host side of this sandbox. */
  get host(): { dir: string; initPid: number; cgroup: Cgroup | null; rootUid: number } {
    return { dir: this.dir, initPid: this.initPid, cgroup: this.cgroup, rootUid: this.rootUid };
  }
}
