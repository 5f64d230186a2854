// Finding a local sandbox after its owner died: each sandbox's record (<workRoot>/<id>.json) says
// which process owns it; what no live owner holds is ended, unmounted and removed.
import fs from "node:fs";
import path from "node:path";
import { killPid, processAlive } from "./hostProcesses";
import { Cgroup, type CgroupLayout } from "./localCgroup";
import { unmountWorkDir } from "./localRootfs";

/** What cleanup() needs to find and end a sandbox after its owner died: <workRoot>/<id>.json. */
export interface OwnerRecord {
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
export const liveInstances = new Set<string>();

/** Work folders and cgroups whose owner process is gone: end their processes, unmount, remove. */
export async function removeLeftovers(workRoot: string, layout: CgroupLayout | null): Promise<number> {
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
