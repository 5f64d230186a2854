// Host processes as /proc shows them: who they are (start time, session, uid, parent), whether they
// still run, and stopping then killing a set of them (fork-bomb proof: no fork needed).
import fs from "node:fs";

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

/** The fields of /proc/PID/stat after the command name (state first), or null when the process is gone. */
function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** Session id of a host process (/proc/PID/stat field 6), or null. */
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
