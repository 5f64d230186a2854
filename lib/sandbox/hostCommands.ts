// Host programs as the local sandbox driver runs them (as host root): found on a fixed PATH, with a
// clean environment (never the server's own), never through a shell.
import { execFile, spawnSync } from "node:child_process";
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
      const code = err ? (typeof (err as { code?: unknown }).code === "number" ? (err as { code: number }).code : 1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr || (err && code !== 0 && !stderr ? err.message : "")) });
    });
  });
}

export interface LocalTools {
  bash: string;
  bwrap: string;
  nsenter: string;
  setpriv: string;
  prlimit: string;
  cp: string;
  mount: string;
  mkfs: string;
}

/** The host programs the driver needs, or what to install. */
export function findLocalTools(): { tools?: LocalTools; missing?: string } {
  const bwrap = which("bwrap");
  if (!bwrap) return { missing: "bubblewrap is not installed: apt-get install -y bubblewrap" };
  const t: Partial<LocalTools> = { bwrap };
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
  return { tools: t as LocalTools };
}

/** Whether bubblewrap can make a sandbox's namespaces here (as the sandboxes' root uid). */
export function bwrapWorks(bwrap: string, setpriv: string, rootfs: string, uid: number): RunResult {
  const r = spawnSync(
    setpriv,
    [
      `--reuid=${uid}`,
      `--regid=${uid}`,
      "--clear-groups",
      "--",
      bwrap,
      "--unshare-user",
      "--unshare-pid",
      "--unshare-net",
      "--unshare-ipc",
      "--unshare-uts",
      "--die-with-parent",
      "--ro-bind",
      rootfs,
      "/",
      "--proc",
      "/proc",
      "--dev",
      "/dev",
      "/bin/true",
    ],
    { encoding: "utf8", timeout: 10_000, env: cleanEnv() },
  );
  return { code: r.status ?? 1, stdout: r.stdout ?? "", stderr: (r.stderr || r.error?.message) ?? "" };
}
