// A local sandbox's root file system: the trees scripts/build-rootfs.sh makes from the images, the
// sandbox's own disk (an ext4 in a sparse file), its "/" (an overlay of the tree, or copies), and
// unmounting it all again.
import fs from "node:fs";
import path from "node:path";
import { run, type LocalTools } from "./hostCommands";

export type FsMode = "overlay" | "copy";
/** Top-level folders that are mount points or per-sandbox writable folders, never binds of the rootfs. */
const SPECIAL_DIRS = new Set(["proc", "dev", "sys", "tmp"]);

/** The kernel or file system cannot overlay: the driver falls back to copies. */
export class OverlayError extends Error {}

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
    return {
      name,
      key: String(raw.key),
      uidBase: raw.uidBase,
      source: String(raw.source ?? ""),
      tracked: raw.tracked.map(String),
      dir,
    };
  } catch {
    return null;
  }
}

/** The work folder becomes a fresh ext4 of limits.diskBytes (sparse: the host disk holds what is written). */
export async function mountSandboxDisk(dir: string, diskBytes: number, tools: Pick<LocalTools, "mkfs" | "mount">): Promise<void> {
  const disk = `${dir}.disk`;
  fs.writeFileSync(disk, "", { mode: 0o600 });
  fs.truncateSync(disk, diskBytes);
  // no journal: scratch space that dies with the sandbox; no reserved blocks: the player gets all of it
  const mk = await run(tools.mkfs, ["-q", "-F", "-m", "0", "-O", "^has_journal", "-E", "nodiscard", disk]);
  if (mk.code !== 0) throw new Error(`cannot make the sandbox's file system: ${mk.stderr.trim()}`);
  // discard: what the sandbox deletes goes back to the host disk
  const m = await run(tools.mount, ["-o", "loop,discard,nosuid,nodev", disk, dir]);
  if (m.code !== 0) throw new Error(`cannot mount the sandbox's file system: ${m.stderr.trim()}`);
  fs.chmodSync(dir, 0o755);
}

/**
 * The sandbox's "/". overlay: the rootfs as the lower layer of a kernel overlay mounted by host
 * root (bubblewrap 0.8 has no overlay of its own), a private upper layer: every path writable
 * exactly as in a container, nothing copied. copy: a folder with copies of everything the task may
 * change (/.git, the paths git tracks at /, /home, /run; /tmp new) and read-only binds of the system
 * folders, /var/tmp a writable folder over its bind. Returns bubblewrap's bind arguments.
 */
export async function buildSandboxRoot(
  dir: string,
  meta: RootfsMeta,
  fsMode: FsMode,
  tools: Pick<LocalTools, "mount" | "cp">,
): Promise<string[]> {
  const src = meta.dir;
  const root = path.join(dir, "root");
  const st = fs.lstatSync(src);
  fs.mkdirSync(root);
  if (fsMode === "overlay") {
    const upper = path.join(dir, "upper");
    fs.mkdirSync(upper);
    fs.mkdirSync(path.join(dir, "work"));
    // the upper layer's root gives / its owner and mode
    fs.chmodSync(upper, st.mode & 0o7777);
    fs.lchownSync(upper, st.uid, st.gid);
    const r = await run(tools.mount, [
      "-t",
      "overlay",
      "overlay",
      "-o",
      `lowerdir=${src},upperdir=${upper},workdir=${path.join(dir, "work")},xino=on`,
      root,
    ]);
    if (r.code !== 0) throw new OverlayError(r.stderr.trim() || `mount exit ${r.code}`);
    return [];
  }
  const copy: string[] = [];
  const binds: string[] = [];
  // /run: root's, writable in a container (the helper marks its first start there), tiny
  const tracked = new Set([...meta.tracked, ".git", "home", "run"]);
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
    const r = await run(tools.cp, ["-a", "--", ...copy, `${root}/`], 60_000);
    if (r.code !== 0) throw new Error(`cannot copy the task files of ${meta.name}: ${r.stderr.trim()}`);
  }
  // writable folders inside the read-only system folders, as in the image
  const scratch = path.join(dir, "scratch");
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

/** The overlay on <dir>/root, then the sandbox's own file system on <dir> (its loop device goes with it). */
export async function unmountWorkDir(dir: string): Promise<void> {
  await unmount(path.join(dir, "root"));
  await unmount(dir);
}
