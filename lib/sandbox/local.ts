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
// docker/bash/agent.py --serve as root inside with only CHOWN, DAC_OVERRIDE, FOWNER, KILL, SETUID,
// SETGID (the docker driver's set) and serves exec() and reset() exactly as in a container.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { IPty } from "node-pty";
import { LocalHelper } from "./localHelper";
import { HELPER_PATH } from "./helperChannel";
import {
  allPids,
  bwrapWorks,
  childrenOf,
  Cgroup,
  cleanEnv,
  cgroupParent,
  detectCgroups,
  killPid,
  killSession,
  processAlive,
  processStart,
  readRootfsMeta,
  stopAndKill,
  uidAndParent,
  rootfsName,
  run,
  sleep,
  SYSTEM_PATH,
  unmount,
  which,
  type RootfsMeta,
} from "./localHost";
import { LocalTty } from "./localTty";
import { MARK_NONCE_ENV, newMarkNonce } from "./markNonce";
import { describeLimits } from "./describeLimits";
import { sandboxDiskBytes } from "./sandboxDiskBytes";
import { startImageService } from "./service";
import { sandboxSeccomp, withSandboxSeccomp } from "./sandboxSeccomp";
import {
  consoleEnvList,
  CONSOLE_PATH,
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

export const HOSTNAME = "plateau";
/** The docker driver's helper capabilities (lib/sandbox/docker.ts HELPER_CAPS). */
const HELPER_CAPS = ["chown", "dac_override", "fowner", "kill", "setuid", "setgid"];
const UID_RANGE = 65536;
const SHM_BYTES = 64 * 1024 * 1024; // docker's default /dev/shm
export type FsMode = "overlay" | "copy";
/** Top-level folders that are mount points or per-sandbox writable folders, never binds of the rootfs. */
const SPECIAL_DIRS = new Set(["proc", "dev", "sys", "tmp"]);

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

interface Tools {
  bash: string;
  bwrap: string;
  nsenter: string;
  setpriv: string;
  prlimit: string;
  cp: string;
  mount: string;
  mkfs: string;
}

/** What cleanup() needs to find and end a sandbox after its owner died: <workRoot>/<id>.json. */
interface OwnerRecord {
  id: string;
  image: string;
  labels?: Record<string, string>;
  instanceId: string;
  pid: number;
  pidStart: number | null;
  outerPid?: number;
  outerStart?: number | null;
  initPid?: number;
  initStart?: number | null;
  created: string;
}

/** Live driver instances of this process: their sandboxes are not leftovers. */
const liveInstances = new Set<string>();

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

  let cgroupLayout: ReturnType<typeof detectCgroups> | undefined;
  const cgroups = () => {
    if (cgroupLayout === undefined) cgroupLayout = opts.cgroups === false || process.getuid?.() !== 0 ? null : detectCgroups(cgroupParent(workRoot));
    return cgroupLayout;
  };

  let fsMode: FsMode = opts.fs === "copy" ? "copy" : "overlay";

  const findTools = (): { tools?: Tools; missing?: string } => {
    const bwrap = which("bwrap");
    if (!bwrap) return { missing: "bubblewrap is not installed: apt-get install -y bubblewrap" };
    const t: Partial<Tools> = { bwrap };
    for (const name of ["nsenter", "setpriv", "prlimit", "mount"] as const) {
      const p = which(name);
      if (!p) return { missing: `${name} is not installed: apt-get install -y util-linux mount` };
      t[name] = p;
    }
    const cp = which("cp");
    if (!cp) return { missing: "cp is not installed: apt-get install -y coreutils" };
    t.cp = cp;
    const mkfs = which("mkfs.ext4");
    if (!mkfs) return { missing: "mkfs.ext4 is not installed: apt-get install -y e2fsprogs" };
    t.mkfs = mkfs;
    const bash = which("bash");
    if (!bash) return { missing: "bash is not installed: apt-get install -y bash" };
    t.bash = bash;
    return { tools: t as Tools };
  };

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
      const { tools, missing } = findTools();
      if (!tools) return { ok: false, reason: missing };
      if (process.getuid?.() !== 0) {
        return { ok: false, reason: "the local sandbox needs root (it maps the sandbox's users in a user namespace, mounts its overlay and writes its cgroup): run Plateau as root, or use Docker" };
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
      const { tools, missing } = findTools();
      if (!tools) throw new Error(missing);
      const meta = readRootfsMeta(rootfsDir, spec.image);
      if (!meta) {
        const name = rootfsName(spec.image) ?? spec.image;
        throw new Error(`no root file system for ${spec.image} (${path.join(rootfsDir, name)}): run scripts/build-rootfs.sh`);
      }
      for (;;) {
        const sb = new LocalSandbox(randomBytes(6).toString("hex"), spec, meta, tools, workRoot, limits, cgroups(), fsMode, instanceId, (s) => sandboxes.delete(s));
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

/** Work folders and cgroups whose owner process is gone: end their processes, unmount, remove. */
async function removeLeftovers(workRoot: string, layout: ReturnType<typeof detectCgroups>): Promise<number> {
  let entries: string[] = [];
  try {
    entries = fs.readdirSync(workRoot);
  } catch {
    /* no work root yet */
  }
  const ids = new Set<string>();
  for (const e of entries) {
    const m = /^([0-9a-f]{12})(\.json|\.disk)?$/.exec(e);
    if (m) ids.add(m[1]);
  }
  let n = 0;
  for (const id of ids) {
    const dir = path.join(workRoot, id);
    const recFile = path.join(workRoot, `${id}.json`);
    let rec: OwnerRecord | null = null;
    try {
      rec = JSON.parse(fs.readFileSync(recFile, "utf8"));
    } catch {
      /* a folder without its record: leftover of a create that died early */
    }
    if (rec) {
      const ownerAlive = processAlive(rec.pid, rec.pidStart);
      const ours = rec.pid === process.pid;
      if (ownerAlive && (!ours || liveInstances.has(rec.instanceId))) continue;
      if (rec.initPid && processAlive(rec.initPid, rec.initStart)) killPid(rec.initPid, "SIGKILL");
      if (rec.outerPid && processAlive(rec.outerPid, rec.outerStart)) killPid(rec.outerPid, "SIGKILL");
    } else {
      try {
        if (Date.now() - fs.statSync(dir).mtimeMs < 60_000) continue; // maybe being created right now
      } catch {
        /* gone */
      }
    }
    if (layout) await Cgroup.open(layout, id).destroy();
    await unmountWorkDir(dir);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(`${dir}.disk`, { force: true });
    fs.rmSync(recFile, { force: true });
    n++;
  }
  // cgroups of this work root with no work folder at all (the folder was removed by hand)
  if (layout) {
    for (const id of Cgroup.list(layout)) {
      if (ids.has(id) || fs.existsSync(path.join(workRoot, `${id}.json`))) continue;
      if (!/^[0-9a-f]{12}$/.test(id)) continue;
      await Cgroup.open(layout, id).destroy();
      n++;
    }
  }
  return n;
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
    private readonly tools: Tools,
    workRoot: string,
    private readonly limits: LocalLimits,
    private readonly layout: ReturnType<typeof detectCgroups>,
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
    await this.mountDisk();
    lap("disk");
    const binds = await this.buildRoot();
    lap(this.fsMode);
    if (this.layout) this.cgroup = Cgroup.create(this.layout, this.id, this.limits);
    lap("cgroup");
    await this.startInit(binds);
    this.writeRecord();
    await this.disableUserns();
    lap("bwrap");
    // the helper restores / (mode, mtime) from the manifest, as in a container
    const [helper] = await Promise.all([this.helper(), this.netSysctls()]);
    lap("helper");
    await startImageService((m, ms) => helper.request(m, ms));
    lap("service");
  }

  /** The work folder becomes a fresh ext4 of limits.diskBytes (sparse: the host disk holds what is written). */
  private async mountDisk(): Promise<void> {
    const disk = `${this.dir}.disk`;
    fs.writeFileSync(disk, "", { mode: 0o600 });
    fs.truncateSync(disk, this.limits.diskBytes);
    // no journal: scratch space that dies with the sandbox; no reserved blocks: the player gets all of it
    const mk = await run(this.tools.mkfs, ["-q", "-F", "-m", "0", "-O", "^has_journal", "-E", "nodiscard", disk]);
    if (mk.code !== 0) throw new Error(`cannot make the sandbox's file system: ${mk.stderr.trim()}`);
    // discard: what the sandbox deletes goes back to the host disk
    const m = await run(this.tools.mount, ["-o", "loop,discard,nosuid,nodev", disk, this.dir]);
    if (m.code !== 0) throw new Error(`cannot mount the sandbox's file system: ${m.stderr.trim()}`);
    fs.chmodSync(this.dir, 0o755);
  }

  /**
   * The sandbox's "/". overlay: the rootfs as the lower layer of a kernel overlay mounted by host
   * root (bubblewrap 0.8 has no overlay of its own), a private upper layer: every path writable
   * exactly as in a container, nothing copied. copy: a folder with copies of everything the task may
   * change (/.git, the paths git tracks at /, /home, /run; /tmp new) and read-only binds of the system
   * folders, /var/tmp a writable folder over its bind.
   */
  private async buildRoot(): Promise<string[]> {
    const src = this.meta.dir;
    const root = path.join(this.dir, "root");
    const st = fs.lstatSync(src);
    fs.mkdirSync(root);
    if (this.fsMode === "overlay") {
      const upper = path.join(this.dir, "upper");
      fs.mkdirSync(upper);
      fs.mkdirSync(path.join(this.dir, "work"));
      // the upper layer's root gives / its owner and mode
      fs.chmodSync(upper, st.mode & 0o7777);
      fs.lchownSync(upper, st.uid, st.gid);
      const r = await run(this.tools.mount, ["-t", "overlay", "overlay", "-o", `lowerdir=${src},upperdir=${upper},workdir=${path.join(this.dir, "work")},xino=on`, root]);
      if (r.code !== 0) throw new OverlayError(r.stderr.trim() || `mount exit ${r.code}`);
      return [];
    }
    const copy: string[] = [];
    const binds: string[] = [];
    // /run: root's, writable in a container (the helper marks its first start there), tiny
    const tracked = new Set([...this.meta.tracked, ".git", "home", "run"]);
    for (const e of fs.readdirSync(src, { withFileTypes: true })) {
      const from = path.join(src, e.name);
      if (!e.isDirectory() || tracked.has(e.name)) {
        copy.push(from); // task state, /.git, /home, /run, symlinks (/bin -> usr/bin) and files (/.dockerenv)
        continue;
      }
      const est = fs.lstatSync(from);
      const to = path.join(root, e.name);
      fs.mkdirSync(to);
      fs.chmodSync(to, est.mode & 0o7777);
      fs.lchownSync(to, est.uid, est.gid);
      if (!SPECIAL_DIRS.has(e.name)) binds.push("--ro-bind", from, `/${e.name}`);
    }
    if (copy.length) {
      const r = await run(this.tools.cp, ["-a", "--", ...copy, `${root}/`], 60_000);
      if (r.code !== 0) throw new Error(`cannot copy the task files of ${this.meta.name}: ${r.stderr.trim()}`);
    }
    // writable folders inside the read-only system folders, as in the image
    const scratch = path.join(this.dir, "scratch");
    fs.mkdirSync(scratch, { mode: 0o755 });
    for (const [name, inside] of [["var-tmp", "/var/tmp"]] as const) {
      let ist: fs.Stats;
      try {
        ist = fs.lstatSync(path.join(src, inside));
      } catch {
        continue;
      }
      const d = path.join(scratch, name);
      fs.mkdirSync(d);
      fs.chmodSync(d, ist.mode & 0o7777);
      fs.lchownSync(d, ist.uid, ist.gid);
      binds.push("--bind", d, inside);
    }
    fs.chmodSync(root, st.mode & 0o7777);
    fs.lchownSync(root, st.uid, st.gid);
    fs.utimesSync(root, st.atime, st.mtime);
    return binds;
  }

  /** rlimits of every sandbox process (the player's and the helper's, whose commands inherit them). */
  private rlimitArgs(): string[] {
    const l = this.limits;
    const a = [`--fsize=${l.fileBytes}:${l.fileBytes}`, "--core=0:0", "--nofile=4096:4096"];
    // With a cgroup, pids.max bounds each sandbox on its own. RLIMIT_NPROC counts per host uid,
    // which every sandbox shares: a fork bomb in one would starve the others' forks.
    if (!this.cgroup) a.push(`--nproc=${l.pids}:${l.pids}`, `--as=${2 * l.memoryBytes}:${2 * l.memoryBytes}`);
    return a;
  }

  /**
   * A host bash (root) that closes every inherited descriptor but 0-2 and `keep` (nothing of the
   * server's may reach a sandbox), joins the sandbox's cgroup, then runs prlimit and argv.
   */
  private wrap(argv: string[], keep: number[] = []): [string, string[]] {
    const procs = this.cgroup?.procsFiles ?? [];
    const script = [
      `keep=" 0 1 2 ${keep.join(" ")} "`,
      'for f in /proc/$$/fd/*; do n=${f##*/}; case "$keep" in *" $n "*) ;; *) [ -e "$f" ] && eval "exec $n>&-" ;; esac; done',
      'while [ "$1" != -- ]; do echo $$ >"$1" || exit 121; shift; done; shift',
      'exec "$@"',
    ].join("\n");
    // --norc: bash reads ~/.bashrc when its stdin is a socket (Node's pipes are), "to serve rsh"
    return [this.tools.bash, ["--norc", "--noprofile", "-c", script, "plateau-sandbox", ...procs, "--", this.tools.prlimit, ...this.rlimitArgs(), "--", ...argv]];
  }

  private async startInit(binds: string[]): Promise<void> {
    // options through fd 5 (--args): the sandbox's `ps` shows no host paths, only the command
    const bwrapArgs = [
      "--unshare-user",
      "--userns-block-fd", "3",
      "--info-fd", "4",
      "--seccomp", "6",
      "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
      "--die-with-parent",
      "--uid", "0", "--gid", "0",
      "--hostname", HOSTNAME,
      "--bind", path.join(this.dir, "root"), "/",
      ...binds,
      "--proc", "/proc",
      "--dev", "/dev",
      "--perms", "1777", "--size", String(SHM_BYTES), "--tmpfs", "/dev/shm", // docker's /dev/shm
      "--cap-drop", "ALL",
      "--chdir", "/",
      "--clearenv", "--setenv", "PATH", SYSTEM_PATH, "--setenv", "LANG", "C.UTF-8", "--setenv", "HOSTNAME", HOSTNAME,
    ];
    const [file, args] = this.wrap([this.tools.setpriv, `--reuid=${this.rootUid}`, `--regid=${this.rootUid}`, "--clear-groups", "--", this.tools.bwrap, "--args", "5", "--", "sleep", "infinity"], [3, 4, 5, 6]);
    const child = spawn(file, args, { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe", "pipe", "pipe"], env: cleanEnv() });
    this.outer = child;
    let stderr = "";
    child.stderr!.on("data", (b: Buffer) => (stderr = (stderr + b.toString()).slice(-4000)));
    child.on("exit", () => (this.outerExited = true));
    const [, , , block, info, argsFd, seccompFd] = child.stdio as unknown as (NodeJS.ReadWriteStream & { destroy(): void })[];
    for (const s of [block, info, argsFd, seccompFd]) (s as unknown as { on(e: string, f: () => void): void }).on("error", () => {});
    argsFd.end(bwrapArgs.map((a) => `${a}\0`).join(""));
    seccompFd.end(sandboxSeccomp());

    const failed = (what: string) => new Error(`bubblewrap could not start the sandbox (${what})${stderr.trim() ? `: ${stderr.trim()}` : ""}`);
    const exitedAt = new Promise<string>((resolve) => child.once("exit", (code, sig) => resolve(`exit ${code ?? sig}`)));
    const exited = exitedAt.then((how) => sleep(20).then(() => Promise.reject(failed(how))));
    exited.catch(() => {});
    const timeout = (ms: number, what: string) =>
      new Promise<never>((_, reject) => setTimeout(() => reject(failed(`${what}: nothing within ${ms} ms`)), ms).unref());
    try {
      // 1. bwrap made the namespaces and waits: map the sandbox's uids 0..65535 to the rootfs's host uids
      const infoJson = await Promise.race([
        readJson(info).catch(async (e: Error) => {
          throw failed(`${e.message}, ${await Promise.race([exitedAt, sleep(1000).then(() => "still running")])}`);
        }),
        exited,
        timeout(10_000, "namespaces"),
      ]);
      const childPid = Number(infoJson["child-pid"]);
      if (!(childPid > 0)) throw failed("no child pid");
      const map = `0 ${this.rootUid} ${UID_RANGE}\n`;
      fs.writeFileSync(`/proc/${childPid}/uid_map`, map);
      fs.writeFileSync(`/proc/${childPid}/gid_map`, map);
      block.write("1");
      this.initPid = childPid;
      this.initStart = processStart(childPid);
      // 2. the mounts are in place once pid 2 of the sandbox runs `sleep`
      await Promise.race([waitForCommand(childPid, "sleep"), exited, timeout(10_000, "mounts")]);
    } finally {
      for (const s of [block, info]) s.destroy();
    }
    child.stderr!.destroy(); // set up: bwrap has nothing more to say, and `sleep` need not hold our pipe
  }

  // ------------------------------------------------------------ entering the sandbox

  /**
   * No user namespace can be made inside: the sandbox's own count of them is 0 (a per-namespace
   * sysctl that only a process with CAP_SYS_RESOURCE there can raise, which none inside has).
   */
  private async disableUserns(): Promise<void> {
    const r = await run(this.tools.nsenter, ["-t", String(this.initPid), "-U", "-S", "0", "-G", "0", "--", "/bin/sh", "-c", "echo 0 > /proc/sys/user/max_user_namespaces"]);
    if (r.code !== 0) throw new Error(`cannot forbid user namespaces in the sandbox: ${r.stderr.trim() || `exit ${r.code}`}`);
  }

  /** As docker does in a container's network namespace: ICMP sockets for every group (docker: 0 2147483647;
   * here the groups the user namespace maps), so `ping` works as in a container. */
  private async netSysctls(): Promise<void> {
    // a nicety: without it only ping fails, so a kernel that refuses it does not stop the sandbox
    await run(this.tools.nsenter, ["-t", String(this.initPid), "-U", "-n", "-S", "0", "-G", "0", "--", "/bin/sh", "-c", "echo '0 65535' > /proc/sys/net/ipv4/ping_group_range"]);
  }

  private nsenterArgs(): string[] {
    // -r/-w with no argument: the init's root and working folder (/ of the sandbox). Never pass a
    // host path to --wd: nsenter opens it before entering, which would leave a folder outside the root.
    return [this.tools.nsenter, "-t", String(this.initPid), "-U", "-m", "-p", "-n", "-u", "-i", "-C", "-r", "-w", "-S", "0", "-G", "0", "--"];
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
      const [file, args] = this.wrap([
        ...this.nsenterArgs(),
        "/usr/bin/setpriv", "--no-new-privs", "--inh-caps=-all", `--bounding-set=${caps}`, "--",
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
   * emptied, and every process of the player killed except the terminal's login shell (agent.py reset(): same as docker).
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

  private async openTty(size: { cols: number; rows: number }, consoleEnv: Record<string, string> = {}): Promise<LocalTty> {
    const mod = (await import("node-pty")) as unknown as typeof import("node-pty") & { default?: typeof import("node-pty") };
    const spawnPty = mod.spawn ?? mod.default!.spawn;
    const user = this.limits.user;
    const nonce = newMarkNonce();
    const [file, args] = this.wrap([
      ...this.nsenterArgs(),
      "/usr/bin/setpriv", `--reuid=${user}`, `--regid=${user}`, "--init-groups", "--no-new-privs", "--inh-caps=-all", "--bounding-set=-all", "--",
      ...withSandboxSeccomp(this.hasConsole() ? [CONSOLE_PATH] : ["/bin/bash", "-l"]),
    ]);
    const p: IPty = spawnPty(file, args, {
      name: "xterm-256color",
      cols: Math.max(1, Math.floor(size.cols) || 80),
      rows: Math.max(1, Math.floor(size.rows) || 24),
      cwd: "/",
      env: this.baseEnv(this.homeOf(user), { TERM: "xterm-256color", COLORTERM: "truecolor", ...consoleEnv, [MARK_NONCE_ENV]: nonce }) as Record<string, string>,
    });
    const tty = new LocalTty(p, nonce, () => {
      if (this.tty === tty) this.tty = null;
      if (this.spare === tty) this.spare = null;
      this.ttyClosing = this.killTty(p.pid);
    });
    return tty;
  }

  /** The image's console program (in the read-only rootfs: nothing the player does adds one). */
  private hasConsole(): boolean {
    try {
      return (fs.statSync(path.join(this.meta.dir, CONSOLE_PATH)).mode & 0o111) !== 0;
    } catch {
      return false;
    }
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
    if (this.cgroup) await this.cgroup.destroy(); // anything left (nothing, normally)
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

/** The overlay on <dir>/root, then the sandbox's own file system on <dir> (its loop device goes with it). */
async function unmountWorkDir(dir: string): Promise<void> {
  await unmount(path.join(dir, "root"));
  await unmount(dir);
}

function readJson(stream: NodeJS.ReadableStream): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let buf = "";
    const onData = (b: Buffer) => {
      buf += b.toString("utf8");
      const end = buf.lastIndexOf("}");
      if (end < 0) return;
      try {
        const v = JSON.parse(buf.slice(0, end + 1));
        stream.off("data", onData);
        resolve(v);
      } catch {
        /* more to come */
      }
    };
    stream.on("data", onData);
    stream.once("end", () => reject(new Error("bubblewrap closed its info pipe")));
  });
}

/** Resolves once a child of `pid` runs `comm` (it exec'd: bwrap has finished its mounts). */
async function waitForCommand(pid: number, comm: string): Promise<void> {
  for (;;) {
    for (const kid of childrenOf(pid)) {
      try {
        if (fs.readFileSync(`/proc/${kid}/comm`, "utf8").trim() === comm) return;
      } catch {
        /* gone */
      }
    }
    if (!processAlive(pid)) throw new Error("the sandbox's first process ended before it was ready");
    await sleep(2);
  }
}

class OverlayError extends Error {}
