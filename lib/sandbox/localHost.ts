// Host-side pieces of the local sandbox driver (lib/sandbox/local.ts): finding tools, the root file
// systems that scripts/build-rootfs.sh makes, cgroups (v1 or v2) for memory/pids/CPU, mounts, and
// process bookkeeping (sessions, leftovers after a crash). Everything here runs as host root.
import { execFile, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/** A clean environment for a host or sandbox process (never the server's own). */
export function cleanEnv(vars: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: SYSTEM_PATH, LANG: "C.UTF-8", ...vars } as unknown as NodeJS.ProcessEnv;
}

/** Absolute path of a host program, or null. */
export function which(name: string): string | null {
  const dirs = [...(process.env.PATH ?? "").split(":"), ...SYSTEM_PATH.split(":")];
  for (const d of dirs) {
    if (!d) continue;
    const p = path.join(d, name);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      if (fs.statSync(p).isFile()) return p;
    } catch {
      /* next */
    }
  }
  return null;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run a host program (no shell); never throws for a non-zero exit. */
export function run(file: string, args: string[], timeoutMs = 30_000): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, env: cleanEnv() }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === "number" ? ((err as { code: number }).code) : 1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr || (err && code !== 0 && !stderr ? err.message : "")) });
    });
  });
}

// ---------------------------------------------------------------- root file systems

export interface RootfsMeta {
  name: string;
  key: string;
  uidBase: number;
  source: string;
  tracked: string[];
  dir: string;
}

/** "plateau/bash-fs1", "plateau/bash-fs1:latest", "bash-fs1" -> "bash-fs1"; null when not a plain name. */
export function rootfsName(image: string): string | null {
  let name = image.trim();
  const slash = name.lastIndexOf("/");
  if (slash >= 0) name = name.slice(slash + 1);
  name = name.replace(/:latest$/, "");
  return /^[a-z0-9][a-z0-9._-]*$/.test(name) ? name : null;
}

export function readRootfsMeta(rootfsDir: string, image: string): RootfsMeta | null {
  const name = rootfsName(image);
  if (!name) return null;
  const dir = path.join(rootfsDir, name);
  try {
    const raw = JSON.parse(fs.readFileSync(path.join(rootfsDir, `${name}.json`), "utf8"));
    if (!fs.statSync(dir).isDirectory()) return null;
    if (!Number.isInteger(raw.uidBase) || raw.uidBase < 1 || !Array.isArray(raw.tracked)) return null;
    return { name, key: String(raw.key), uidBase: raw.uidBase, source: String(raw.source ?? ""), tracked: raw.tracked.map(String), dir };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- cgroups

export interface CgroupLimits {
  memoryBytes: number;
  pids: number;
  nanoCpus: number;
}

interface CgroupLayout {
  version: 1 | 2;
  /** v1: controller -> mount point; v2: "" -> the unified mount point */
  mounts: Record<string, string>;
  /** The folder of this work root's sandboxes in each hierarchy (cgroupParent). */
  parent: string;
}

/**
 * One parent cgroup per work root: a Plateau (or a test) cleaning up its leftovers sees only its
 * own sandboxes, never the live ones of another Plateau on the same host.
 */
export function cgroupParent(workRoot: string): string {
  return `plateau-local-${createHash("sha256").update(path.resolve(workRoot)).digest("hex").slice(0, 12)}`;
}
const CPU_PERIOD_US = 100_000;

/** The cgroup controllers this host lets us use for limits, or null (then rlimits only). */
export function detectCgroups(parent: string): CgroupLayout | null {
  let mounts: string;
  try {
    mounts = fs.readFileSync("/proc/self/mounts", "utf8");
  } catch {
    return null;
  }
  const v1: Record<string, string> = {};
  let v2: string | null = null;
  for (const line of mounts.split("\n")) {
    const [, mp, type, options] = line.split(" ");
    if (!mp) continue;
    if (type === "cgroup") {
      for (const o of options.split(",")) if (o === "pids" || o === "memory" || o === "cpu") v1[o] = mp.replace(/\\040/g, " ");
    } else if (type === "cgroup2" && v2 === null) v2 = mp;
  }
  const usable = (dir: string) => {
    try {
      fs.mkdirSync(path.join(dir, parent), { recursive: true });
      return true;
    } catch {
      return false;
    }
  };
  if (v1.pids && v1.memory && usable(v1.pids) && usable(v1.memory)) {
    if (v1.cpu && !usable(v1.cpu)) delete v1.cpu;
    return { version: 1, mounts: v1, parent };
  }
  if (v2) {
    try {
      const have = fs.readFileSync(path.join(v2, "cgroup.controllers"), "utf8").split(/\s+/);
      if (have.includes("pids") && have.includes("memory") && usable(v2)) {
        const want = ["pids", "memory", ...(have.includes("cpu") ? ["cpu"] : [])];
        for (const dir of [v2, path.join(v2, parent)]) {
          fs.writeFileSync(path.join(dir, "cgroup.subtree_control"), want.map((c) => `+${c}`).join(" "));
        }
        return { version: 2, mounts: { "": v2 }, parent };
      }
    } catch {
      /* not usable */
    }
  }
  return null;
}

export class Cgroup {
  /** Files to write a pid into so that it joins every controller. */
  readonly procsFiles: string[];
  private constructor(
    readonly layout: CgroupLayout,
    readonly dirs: string[],
    /** Where to list the members (pids controller, or the v2 group). */
    readonly listDir: string,
  ) {
    this.procsFiles = dirs.map((d) => path.join(d, "cgroup.procs"));
  }

  static dirsFor(layout: CgroupLayout, id: string): { dirs: string[]; listDir: string } {
    if (layout.version === 2) {
      const d = path.join(layout.mounts[""], layout.parent, id);
      return { dirs: [d], listDir: d };
    }
    const dirs = Object.values(layout.mounts).map((mp) => path.join(mp, layout.parent, id));
    return { dirs: [...new Set(dirs)], listDir: path.join(layout.mounts.pids, layout.parent, id) };
  }

  static create(layout: CgroupLayout, id: string, limits: CgroupLimits): Cgroup {
    const { dirs, listDir } = Cgroup.dirsFor(layout, id);
    for (const d of dirs) fs.mkdirSync(d, { recursive: true });
    const cg = new Cgroup(layout, dirs, listDir);
    const quota = Math.max(1000, Math.round((limits.nanoCpus / 1e9) * CPU_PERIOD_US));
    if (layout.version === 2) {
      const d = dirs[0];
      fs.writeFileSync(path.join(d, "pids.max"), String(limits.pids));
      fs.writeFileSync(path.join(d, "memory.max"), String(limits.memoryBytes));
      writeIfExists(path.join(d, "memory.swap.max"), "0");
      writeIfExists(path.join(d, "cpu.max"), `${quota} ${CPU_PERIOD_US}`);
    } else {
      const m = layout.mounts;
      fs.writeFileSync(path.join(m.pids, layout.parent, id, "pids.max"), String(limits.pids));
      const mem = path.join(m.memory, layout.parent, id);
      fs.writeFileSync(path.join(mem, "memory.limit_in_bytes"), String(limits.memoryBytes));
      writeIfExists(path.join(mem, "memory.memsw.limit_in_bytes"), String(limits.memoryBytes)); // no swap
      if (m.cpu) {
        const cpu = path.join(m.cpu, layout.parent, id);
        fs.writeFileSync(path.join(cpu, "cpu.cfs_period_us"), String(CPU_PERIOD_US));
        fs.writeFileSync(path.join(cpu, "cpu.cfs_quota_us"), String(quota));
      }
    }
    return cg;
  }

  static open(layout: CgroupLayout, id: string): Cgroup {
    const { dirs, listDir } = Cgroup.dirsFor(layout, id);
    return new Cgroup(layout, dirs, listDir);
  }

  /** Sandbox ids that have a cgroup on this host. */
  static list(layout: CgroupLayout): string[] {
    const ids = new Set<string>();
    for (const mp of Object.values(layout.mounts)) {
      try {
        for (const e of fs.readdirSync(path.join(mp, layout.parent), { withFileTypes: true })) if (e.isDirectory()) ids.add(e.name);
      } catch {
        /* none */
      }
    }
    return [...ids];
  }

  pids(): number[] {
    try {
      return fs
        .readFileSync(path.join(this.listDir, "cgroup.procs"), "utf8")
        .split("\n")
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  }

  current(file: "pids.current" | "memory.usage_in_bytes" | "memory.current" | "memory.failcnt" | "memory.events"): string | null {
    for (const d of this.dirs) {
      try {
        return fs.readFileSync(path.join(d, file), "utf8").trim();
      } catch {
        /* other controller */
      }
    }
    return null;
  }

  /** Kill every member until none is left (a fork bomb included), then remove the group. */
  async destroy(timeoutMs = 5000): Promise<boolean> {
    const end = Date.now() + timeoutMs;
    const killFile = path.join(this.listDir, "cgroup.kill");
    for (;;) {
      const pids = this.pids();
      if (pids.length === 0) break;
      if (this.layout.version === 2 && fs.existsSync(killFile)) writeIfExists(killFile, "1");
      else for (const p of pids) killPid(p, "SIGKILL");
      if (Date.now() > end) break;
      await sleep(this.pids().length ? 10 : 0);
    }
    let removed = true;
    for (const d of [...this.dirs].reverse()) {
      for (;;) {
        try {
          fs.rmdirSync(d);
          break;
        } catch (e) {
          const code = (e as NodeJS.ErrnoException).code;
          if (code === "ENOENT") break;
          if (Date.now() > end) {
            removed = false;
            break;
          }
          await sleep(10); // EBUSY: the last members are still exiting
        }
      }
    }
    return removed;
  }
}

function writeIfExists(file: string, value: string): void {
  try {
    fs.writeFileSync(file, value);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
}

// ---------------------------------------------------------------- processes

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export function killPid(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Direct children of a process (host pids). */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const t of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        out.push(...fs.readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").split(" ").filter(Boolean).map(Number));
      } catch {
        /* thread gone */
      }
    }
  } catch {
    /* process gone */
  }
  return out;
}

/** Session id of a host process (/proc/PID/stat field 6), or null. */
/** The fields of /proc/PID/stat after the command name (state first), or null when the process is gone. */
function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

export function sessionOf(pid: number): number | null {
  const f = statFields(pid);
  return f ? Number(f[3]) : null;
}

export function allPids(): number[] {
  return fs
    .readdirSync("/proc")
    .filter((n) => /^\d+$/.test(n))
    .map(Number);
}

/**
 * Kill every process of a terminal session but its leader (the host-side nsenter, which then reaps
 * its child and exits). Stop them all first, then kill: a fork bomb cannot outrun it.
 */
export async function killSession(sid: number, candidates: () => number[]): Promise<number> {
  const n = stopAndKill(candidates, (p) => p !== sid && sessionOf(p) === sid);
  // nsenter stops itself when its child stops (it mirrors job control): let it see the kill and exit.
  // It may stop itself only after a first SIGCONT (it had not yet seen its child stop), so continue it
  // until it has gone; a stopped nsenter would hold the terminal open forever.
  killPid(sid, "SIGCONT");
  for (let i = 0; i < 100 && processAlive(sid); i++) {
    await sleep(20);
    if (processState(sid) === "T") killPid(sid, "SIGCONT");
  }
  return n;
}

/** A host process's state letter (R, S, T, Z, …), or null when it is gone. */
export function processState(pid: number): string | null {
  return statFields(pid)?.[0] ?? null;
}

/** Real uid and parent pid of a host process. */
export function uidAndParent(pid: number): { uid: number; ppid: number } | null {
  try {
    const st = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const uid = /\nUid:\s+(\d+)/.exec(st);
    const ppid = /\nPPid:\s+(\d+)/.exec(st);
    return uid && ppid ? { uid: Number(uid[1]), ppid: Number(ppid[1]) } : null;
  } catch {
    return null;
  }
}

/** Stop, then kill, every process that `pick` selects among `candidates()` (fork-bomb proof, no fork needed). */
export function stopAndKill(candidates: () => number[], pick: (pid: number) => boolean): number {
  const seen = new Set<number>();
  for (let round = 0; round < 100; round++) {
    const fresh = candidates().filter((p) => !seen.has(p) && pick(p));
    if (fresh.length === 0) break;
    for (const p of fresh) {
      killPid(p, "SIGSTOP");
      seen.add(p);
    }
  }
  for (const p of seen) killPid(p, "SIGKILL");
  return seen.size;
}

/** A process's start time (clock ticks since boot, /proc/PID/stat field 22): pid + start time names a process uniquely. */
export function processStart(pid: number): number | null {
  const fields = statFields(pid);
  return fields ? Number(fields[19]) : null;
}

/** Whether a process runs (a zombie does not); with `start`, whether it is still that same process. */
export function processAlive(pid: number, start?: number | null): boolean {
  const fields = statFields(pid);
  if (!fields || fields[0] === "Z" || fields[0] === "X") return false;
  return start == null || Number(fields[19]) === start;
}

// ---------------------------------------------------------------- mounts

export function isMountPoint(dir: string): boolean {
  try {
    const mounts = fs.readFileSync("/proc/self/mountinfo", "utf8");
    const target = path.resolve(dir);
    return mounts.split("\n").some((l) => l.split(" ")[4]?.replace(/\\040/g, " ") === target);
  } catch {
    return false;
  }
}

export async function unmount(dir: string): Promise<void> {
  for (let i = 0; i < 5 && isMountPoint(dir); i++) {
    const r = await run("umount", [dir]);
    if (r.code !== 0) await run("umount", ["-l", dir]);
  }
}

export function bwrapWorks(bwrap: string, setpriv: string, rootfs: string, uid: number): RunResult {
  const r = spawnSync(
    setpriv,
    [`--reuid=${uid}`, `--regid=${uid}`, "--clear-groups", "--", bwrap, "--unshare-user", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--die-with-parent", "--ro-bind", rootfs, "/", "--proc", "/proc", "--dev", "/dev", "/bin/true"],
    { encoding: "utf8", timeout: 10_000, env: cleanEnv() },
  );
  return { code: r.status ?? 1, stdout: r.stdout ?? "", stderr: (r.stderr || r.error?.message) ?? "" };
}
