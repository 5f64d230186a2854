// A local sandbox's processes: its init (bwrap, pid 1 of its namespaces, `sleep infinity` as the
// container's command) and how every other process enters it (a host bash that closes what it must
// not pass on, joins the cgroup, sets the rlimits, then nsenter into the init's namespaces).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { cleanEnv, run, SYSTEM_PATH, type LocalTools } from "./hostCommands";
import { childrenOf, processAlive, processStart, sleep } from "./hostProcesses";
import type { Cgroup } from "./localCgroup";
import { sandboxSeccomp } from "./sandboxSeccomp";

export const HOSTNAME = "plateau";
const UID_RANGE = 65536;
const SHM_BYTES = 64 * 1024 * 1024; // docker's default /dev/shm

/** What the rlimits of a sandbox's processes are made from. */
export interface ProcessLimits {
  memoryBytes: number;
  pids: number;
  /** RLIMIT_FSIZE, as the docker driver's fsize ulimit. */
  fileBytes: number;
}

/** rlimits of every sandbox process (the player's and the helper's, whose commands inherit them). */
function rlimitArgs(l: ProcessLimits, inCgroup: boolean): string[] {
  const a = [`--fsize=${l.fileBytes}:${l.fileBytes}`, "--core=0:0", "--nofile=4096:4096"];
  // With a cgroup, pids.max bounds each sandbox on its own. RLIMIT_NPROC counts per host uid,
  // which every sandbox shares: a fork bomb in one would starve the others' forks.
  if (!inCgroup) a.push(`--nproc=${l.pids}:${l.pids}`, `--as=${2 * l.memoryBytes}:${2 * l.memoryBytes}`);
  return a;
}

/**
 * A host bash (root) that closes every inherited descriptor but 0-2 and `keep` (nothing of the
 * server's may reach a sandbox), joins the sandbox's cgroup, then runs prlimit and argv.
 */
export function wrapCommand(
  tools: Pick<LocalTools, "bash" | "prlimit">,
  cgroup: Cgroup | null,
  limits: ProcessLimits,
  argv: string[],
  keep: number[] = [],
): [string, string[]] {
  const procs = cgroup?.procsFiles ?? [];
  const script = [
    `keep=" 0 1 2 ${keep.join(" ")} "`,
    'for f in /proc/$$/fd/*; do n=${f##*/}; case "$keep" in *" $n "*) ;; *) [ -e "$f" ] && eval "exec $n>&-" ;; esac; done',
    'while [ "$1" != -- ]; do echo $$ >"$1" || exit 121; shift; done; shift',
    'exec "$@"',
  ].join("\n");
  // --norc: bash reads ~/.bashrc when its stdin is a socket (Node's pipes are), "to serve rsh"
  return [
    tools.bash,
    [
      "--norc",
      "--noprofile",
      "-c",
      script,
      "plateau-sandbox",
      ...procs,
      "--",
      tools.prlimit,
      ...rlimitArgs(limits, cgroup !== null),
      "--",
      ...argv,
    ],
  ];
}

/**
 * The sandbox's first process: bwrap as the rootfs's root uid makes the namespaces, waits while we
 * map its uids, mounts "/" and runs `sleep infinity` as the container's command. The callbacks hand
 * over each process as soon as it exists (whoever destroys the sandbox kills them).
 */
export async function startSandboxInit(o: {
  tools: Pick<LocalTools, "bwrap" | "setpriv">;
  rootDir: string;
  binds: string[];
  rootUid: number;
  wrap: (argv: string[], keep: number[]) => [string, string[]];
  onSpawn: (child: ChildProcess) => void;
  /** The init's host pid and start time, once its namespaces exist. */
  onInit: (pid: number, start: number | null) => void;
}): Promise<void> {
  // options through fd 5 (--args): the sandbox's `ps` shows no host paths, only the command
  const bwrapArgs = [
    "--unshare-user",
    "--userns-block-fd",
    "3",
    "--info-fd",
    "4",
    "--seccomp",
    "6",
    "--unshare-pid",
    "--unshare-net",
    "--unshare-ipc",
    "--unshare-uts",
    "--unshare-cgroup-try",
    "--die-with-parent",
    "--uid",
    "0",
    "--gid",
    "0",
    "--hostname",
    HOSTNAME,
    "--bind",
    o.rootDir,
    "/",
    ...o.binds,
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--perms",
    "1777",
    "--size",
    String(SHM_BYTES),
    "--tmpfs",
    "/dev/shm", // docker's /dev/shm
    "--cap-drop",
    "ALL",
    "--chdir",
    "/",
    "--clearenv",
    "--setenv",
    "PATH",
    SYSTEM_PATH,
    "--setenv",
    "LANG",
    "C.UTF-8",
    "--setenv",
    "HOSTNAME",
    HOSTNAME,
  ];
  const [file, args] = o.wrap(
    [
      o.tools.setpriv,
      `--reuid=${o.rootUid}`,
      `--regid=${o.rootUid}`,
      "--clear-groups",
      "--",
      o.tools.bwrap,
      "--args",
      "5",
      "--",
      "sleep",
      "infinity",
    ],
    [3, 4, 5, 6],
  );
  const child = spawn(file, args, { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe", "pipe", "pipe"], env: cleanEnv() });
  o.onSpawn(child);
  let stderr = "";
  child.stderr!.on("data", (b: Buffer) => (stderr = (stderr + b.toString()).slice(-4000)));
  const [, , , block, info, argsFd, seccompFd] = child.stdio as unknown as (NodeJS.ReadWriteStream & { destroy(): void })[];
  for (const s of [block, info, argsFd, seccompFd])
    (s as unknown as { on(e: string, f: () => void): void }).on("error", () => {});
  argsFd.end(bwrapArgs.map((a) => `${a}\0`).join(""));
  seccompFd.end(sandboxSeccomp());

  const failed = (what: string) =>
    new Error(`bubblewrap could not start the sandbox (${what})${stderr.trim() ? `: ${stderr.trim()}` : ""}`);
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
    const map = `0 ${o.rootUid} ${UID_RANGE}\n`;
    fs.writeFileSync(`/proc/${childPid}/uid_map`, map);
    fs.writeFileSync(`/proc/${childPid}/gid_map`, map);
    block.write("1");
    o.onInit(childPid, processStart(childPid));
    // 2. the mounts are in place once pid 2 of the sandbox runs `sleep`
    await Promise.race([waitForCommand(childPid, "sleep"), exited, timeout(10_000, "mounts")]);
  } finally {
    for (const s of [block, info]) s.destroy();
  }
  child.stderr!.destroy(); // set up: bwrap has nothing more to say, and `sleep` need not hold our pipe
}

/** A shell line run as the sandbox's root in its user namespace (and the `more` namespaces): its sysctls. */
function asSandboxRoot(nsenter: string, initPid: number, more: string[], line: string) {
  return run(nsenter, ["-t", String(initPid), "-U", ...more, "-S", "0", "-G", "0", "--", "/bin/sh", "-c", line]);
}

/**
 * No user namespace can be made inside: the sandbox's own count of them is 0 (a per-namespace
 * sysctl that only a process with CAP_SYS_RESOURCE there can raise, which none inside has).
 */
export async function disableUserns(nsenter: string, initPid: number): Promise<void> {
  const r = await asSandboxRoot(nsenter, initPid, [], "echo 0 > /proc/sys/user/max_user_namespaces");
  if (r.code !== 0) throw new Error(`cannot forbid user namespaces in the sandbox: ${r.stderr.trim() || `exit ${r.code}`}`);
}

/** As docker does in a container's network namespace: ICMP sockets for every group (docker: 0 2147483647;
 * here the groups the user namespace maps), so `ping` works as in a container. */
export async function netSysctls(nsenter: string, initPid: number): Promise<void> {
  // a nicety: without it only ping fails, so a kernel that refuses it does not stop the sandbox
  await asSandboxRoot(nsenter, initPid, ["-n"], "echo '0 65535' > /proc/sys/net/ipv4/ping_group_range");
}

/** Entering the sandbox as `docker exec` does: every namespace of its init, as its root. */
export function nsenterArgs(nsenter: string, initPid: number): string[] {
  // -r/-w with no argument: the init's root and working folder (/ of the sandbox). Never pass a
  // host path to --wd: nsenter opens it before entering, which would leave a folder outside the root.
  return [nsenter, "-t", String(initPid), "-U", "-m", "-p", "-n", "-u", "-i", "-C", "-r", "-w", "-S", "0", "-G", "0", "--"];
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
