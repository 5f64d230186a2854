// A local sandbox's cgroup (v1 or v2): memory (no swap), pids and CPU limits, its members, and
// killing them all. One parent cgroup per work root (cgroupParent).
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { killPid, sleep } from "./hostProcesses";

export interface CgroupLimits {
  memoryBytes: number;
  pids: number;
  nanoCpus: number;
}

export interface CgroupLayout {
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
        for (const e of fs.readdirSync(path.join(mp, layout.parent), { withFileTypes: true }))
          if (e.isDirectory()) ids.add(e.name);
      } catch {
        /* none */
      }
    }
    return [...ids];
  }

  pids(): number[] {
    try {
      return fs.readFileSync(path.join(this.listDir, "cgroup.procs"), "utf8").split("\n").filter(Boolean).map(Number);
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
