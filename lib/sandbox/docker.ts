// The docker sandbox driver (DESIGN.md § Sandboxes): one container per sandbox, no network,
// memory/pids/CPU limits, no new privileges, every capability dropped but the few the root helper
// needs. The player's terminal is a login bash on a TTY: the helper's relay on a socket in a folder
// bind-mounted from this host (socketTty.ts) where the engine is local and this server is root, else
// a `docker exec` (dockerTty.ts), whose bytes pass through dockerd and containerd's shim; exec() and reset() go
// through one long-lived root helper in the container (docker/bash/helper.py), which saves the
// ~55 ms that a `docker exec` per command costs. Images without the helper fall back to plain execs.
// An image with a console program (SQL, Python) gets it on the terminal instead of bash, and an
// image's service (SQL: MariaDB) is started by the helper before create() returns.
import Docker from "dockerode";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Duplex } from "node:stream";
import { DockerHelper } from "./dockerHelper";
import { HELPER_PATH } from "./helperChannel";
import { execDirect } from "./dockerExec";
import { dockerDiskCap, isSizeRefusal, notCapped, PROBE_SIZE, type DiskCap } from "./dockerDiskCap";
import { resolveDockerHost } from "./dockerHost";
import { DockerTty } from "./dockerTty";
import { SocketTty } from "./socketTty";
import { encodeFrame, FRAME } from "./ttyFrames";
import { MARK_NONCE_ENV, newMarkNonce } from "./markNonce";
import { describeLimits } from "./describeLimits";
import { sandboxDiskBytes } from "./sandboxDiskBytes";
import { startImageService } from "./service";
import {
  consoleEnvList,
  CONSOLE_PATH,
  OWNER_LABEL,
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

/**
 * What the root helper needs and nothing more: CHOWN, DAC_OVERRIDE, FOWNER to put back files the
 * player changed (owners, modes, times), KILL to stop the player's processes at reset, SETUID and
 * SETGID to run commands as the player. Processes of the player (uid 1000) hold no capability, and
 * no-new-privileges stops setuid binaries from granting any.
 */
export const HELPER_CAPS = ["CHOWN", "DAC_OVERRIDE", "FOWNER", "KILL", "SETUID", "SETGID"];
export const HOSTNAME = "plateau";
/** The label naming a container's terminal folder on this host, removed with the container. */
const TTY_DIR_LABEL = "dev.plateau.tty-dir";
/** Where the terminal folder is mounted in the container (docker/bash/helper.py TTY_DIR). */
const TTY_MOUNT = "/run/plateau-tty";
const TTY_DIR_PREFIX = path.join(os.tmpdir(), "plateau-tty-");
/** A terminal folder's name (in os.tmpdir()): the prefix, the server's pid, mkdtemp's six characters. */
const TTY_DIR_NAME = /^plateau-tty-(\d+)-[A-Za-z0-9]{6}$/;
const MAX_FILE_BYTES = 1024 * 1024 * 1024; // RLIMIT_FSIZE: one file cannot fill the disk

export interface DockerDriverOptions {
  docker?: Docker;
  /** Ownership label value; default: hostname-pid-random (cleanup() tells crashed owners by their pid). */
  instanceId?: string;
  /** diskBytes: what a sandbox may write (default PLATEAU_SANDBOX_DISK_MB), applied where the engine can. */
  limits?: Partial<{ memoryBytes: number; pids: number; nanoCpus: number; user: string; diskBytes: number }>;
  /** Use the in-container helper when the image has it (default true). */
  useHelper?: boolean;
  /**
   * The terminal's way: "socket" (the helper's relay; default, where it can work) or "exec" (a
   * `docker exec` stream). Default: PLATEAU_DOCKER_TTY, else "socket".
   */
  terminal?: "socket" | "exec";
}

/**
 * Whether terminals go over a socket: this server is root (the folder must be root's so the player,
 * uid 1000, cannot enter it) and the engine is local (a unix socket). An engine that does not share
 * this host's files (one in a VM) is found out by the first terminal, and `docker exec` used after.
 */
class TerminalWay {
  socket: boolean;
  constructor(docker: Docker, asked: "socket" | "exec" | undefined) {
    const way = asked ?? (process.env.PLATEAU_DOCKER_TTY === "exec" ? "exec" : "socket");
    this.socket =
      way === "socket" && process.getuid?.() === 0 && !!(docker.modem as { socketPath?: string } | undefined)?.socketPath;
  }

  failed(e: Error): void {
    if (!this.socket) return;
    this.socket = false;
    console.warn(`plateau: docker terminals go through docker exec from now on: ${e.message}`);
  }
}

export interface DockerDriver extends SandboxDriver {
  /**
   * Removes this instance's containers and those of crashed instances; everyInstance: all of them;
   * stoppedOnly: only this instance's that have exited (after the engine restarted, say).
   */
  cleanup(o?: { everyInstance?: boolean; stoppedOnly?: boolean }): Promise<number>;
  readonly docker: Docker;
  readonly instanceId: string;
  /** The engine address, for messages. */
  readonly engineUrl: string;
  /** Whether this engine caps each sandbox's disk: "size" yes, "try" on the next create, "none" no (with why). */
  diskCap(): Promise<DiskCap>;
}

export function createDockerDriver(opts: DockerDriverOptions = {}): DockerDriver {
  const host = resolveDockerHost();
  const docker = opts.docker ?? new Docker(host.options);
  const instanceId = opts.instanceId ?? `${os.hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  const limits = { ...SANDBOX_LIMITS, diskBytes: sandboxDiskBytes(), ...opts.limits };
  const engineUrl = opts.docker ? "the given engine" : host.url;
  const noEngine = `no Docker engine answers at ${engineUrl}: run scripts/engine.sh start`;
  const terminals = new TerminalWay(docker, opts.terminal);
  let cap: Promise<DiskCap> | null = null;
  const diskCap = (): Promise<DiskCap> => {
    cap ??= docker.info().then((info) => {
      const c = dockerDiskCap(info, !opts.docker && host.owned);
      if (c.kind === "none") console.warn(`plateau: docker at ${engineUrl}: ${c.why}`);
      return c;
    });
    cap.catch(() => (cap = null)); // an engine that did not answer is asked again
    return cap;
  };
  // btrfs charges the image to a container under full qgroups, not under simple quotas (what
  // scripts/engine.sh enables where the kernel has them); /info does not say which, so a container
  // of PROBE_SIZE, never started, asks once.
  let counts: Promise<boolean> | null = null;
  const imageCounts = (image: string): Promise<boolean> => {
    counts ??= docker
      .createContainer({
        Image: image,
        Cmd: ["true"],
        Labels: { [OWNER_LABEL]: instanceId },
        HostConfig: { NetworkMode: "none", StorageOpt: { size: PROBE_SIZE } },
      })
      .then(
        async (probe) => {
          await probe.remove({ force: true }).catch(() => {});
          return false;
        },
        (e) => {
          if (isSizeRefusal(e)) return true;
          throw e;
        },
      );
    counts.catch(() => (counts = null)); // asked again at the next create
    return counts;
  };
  /** The container's size: where the image counts toward it (btrfs's full qgroups), the image plus what the player may write. */
  const storageOpt = async (image: string): Promise<Record<string, string> | undefined> => {
    const c = await diskCap();
    if (c.kind === "none") return undefined;
    const counted = c.kind === "size" && (c.imageCounts === "ask" ? await imageCounts(image) : c.imageCounts);
    const imageBytes = counted ? (await docker.getImage(image).inspect()).Size : 0;
    return { size: String(imageBytes + limits.diskBytes) };
  };

  return {
    name: "docker",
    docker,
    instanceId,
    engineUrl,
    diskCap,

    async status(): Promise<DriverStatus> {
      try {
        await withTimeout(docker.ping(), 3000, "ping timed out");
      } catch (e) {
        return { ok: false, reason: noEngine, detail: (e as Error).message };
      }
      try {
        const [v, c] = await Promise.all([docker.version(), diskCap()]);
        return {
          ok: true,
          detail: `Docker ${v.Version} (API ${v.ApiVersion}) at ${engineUrl}`,
          limits: describeLimits(limits, c.kind === "none" ? c.why : undefined),
          warning: c.kind === "none" ? c.why : undefined,
        };
      } catch (e) {
        return { ok: true, detail: `Docker at ${engineUrl} (version or storage unknown: ${(e as Error).message})` };
      }
    },

    async hasImage(image: string): Promise<boolean> {
      try {
        await docker.getImage(image).inspect();
        return true;
      } catch (e) {
        if ((e as { statusCode?: number }).statusCode === 404) return false;
        throw e;
      }
    },

    async create(spec: SandboxSpec): Promise<Sandbox> {
      // The pid in the name: a folder whose container was never made (a kill mid-create) is still found.
      const ttyDir = terminals.socket ? mkdtempSync(`${TTY_DIR_PREFIX}${process.pid}-`) : null;
      const make = async (StorageOpt: Record<string, string> | undefined) =>
        docker.createContainer({
          Image: spec.image,
          Cmd: ["sleep", "infinity"],
          Hostname: HOSTNAME,
          User: "root", // PID 1 and the helper: the player cannot kill them
          WorkingDir: "/",
          Env: Object.entries(spec.env ?? {}).map(([k, v]) => `${k}=${v}`),
          Labels: { ...spec.labels, [OWNER_LABEL]: instanceId, ...(ttyDir && { [TTY_DIR_LABEL]: ttyDir }) },
          Tty: true,
          OpenStdin: true,
          HostConfig: {
            NetworkMode: "none",
            Memory: limits.memoryBytes,
            MemorySwap: limits.memoryBytes, // no swap
            PidsLimit: limits.pids,
            NanoCpus: limits.nanoCpus,
            SecurityOpt: ["no-new-privileges"],
            CapDrop: ["ALL"],
            CapAdd: HELPER_CAPS,
            Init: true,
            ExtraHosts: [`${HOSTNAME}:127.0.1.1`], // `hostname` resolves, as on any machine
            Ulimits: [{ Name: "fsize", Soft: MAX_FILE_BYTES, Hard: MAX_FILE_BYTES }],
            LogConfig: { Type: "none", Config: {} },
            StorageOpt,
            Binds: ttyDir ? [`${ttyDir}:${TTY_MOUNT}`] : undefined,
          },
        });
      let container: Docker.Container;
      try {
        const size = await storageOpt(spec.image);
        try {
          container = await make(size);
        } catch (e) {
          if (!size || (await diskCap()).kind !== "try" || !isSizeRefusal(e)) throw e;
          const why = notCapped("overlay2 on xfs without pquota", !opts.docker && host.owned);
          console.warn(`plateau: docker at ${engineUrl}: ${why}`);
          cap = Promise.resolve({ kind: "none", why });
          container = await make(undefined);
        }
      } catch (e) {
        removeTtyDir(ttyDir);
        throw e;
      }
      try {
        await container.start();
        const sb = new DockerSandbox(container, spec.image, limits.user, opts.useHelper !== false, {
          ttyDir,
          terminals,
        });
        await sb.prepare();
        return sb;
      } catch (e) {
        await container.remove({ force: true }).catch(() => {});
        removeTtyDir(ttyDir);
        throw e;
      }
    },

    async cleanup(o: { everyInstance?: boolean; stoppedOnly?: boolean } = {}): Promise<number> {
      const list = await docker.listContainers({ all: true, filters: { label: [OWNER_LABEL] } });
      const leftovers = list.filter((c) =>
        o.stoppedOnly
          ? c.Labels[OWNER_LABEL] === instanceId && (c.State === "exited" || c.State === "dead")
          : o.everyInstance || isLeftover(c.Labels[OWNER_LABEL], instanceId),
      );
      // Every removal is waited for, failed or not: a stop goes on to exit the process after this.
      const removed = await Promise.allSettled(
        leftovers.map(async (c) => {
          const gone = await removeContainer(docker.getContainer(c.Id));
          removeTtyDir(c.Labels[TTY_DIR_LABEL]);
          return gone;
        }),
      );
      // Not on the engine watch's sweep of stopped containers, which runs at every ping.
      if (!o.stoppedOnly) sweepTtyDirs();
      const failed = removed.find((r) => r.status === "rejected");
      if (failed) throw failed.reason;
      return removed.filter((r) => r.status === "fulfilled" && r.value).length;
    },
  };
}

/**
 * Whether a container belongs to this instance or to one that is gone: an owner of this host whose
 * process has ended (a crash), or an owner label that is not ours at all. Live Plateau processes
 * sharing the engine (tests, a second server) keep their containers.
 */
function isLeftover(owner: string | undefined, me: string): boolean {
  if (!owner || owner === me) return true;
  const m = /^(.*)-(\d+)-[0-9a-f]+$/.exec(owner);
  if (!m) return true;
  if (m[1] !== os.hostname()) return false; // another machine's: it may be alive
  return processEnded(Number(m[2]));
}

function processEnded(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== "EPERM";
  }
}

class DockerSandbox implements Sandbox {
  readonly driver = "docker" as const;
  readonly id: string;
  private channel: DockerHelper | null = null;
  private opening: Promise<DockerHelper | null> | null = null;
  private helperMissing: boolean;
  private tty: DockerTty | SocketTty | null = null;
  private spare: DockerTty | SocketTty | null = null;
  private ttyClosing: Promise<void> = Promise.resolve();
  private destroyed = false;

  constructor(
    private readonly container: Docker.Container,
    readonly image: string,
    private readonly defaultUser: string,
    useHelper: boolean,
    private readonly terminal: { ttyDir: string | null; terminals: TerminalWay },
  ) {
    this.id = container.id;
    this.helperMissing = !useHelper;
  }

  /**
   * Start the helper (it puts back what the container runtime changed: the mode of /, its mtime),
   * then the image's service, if it declares one: the sandbox is handed out once it is ready.
   */
  async prepare(): Promise<void> {
    const ch = await this.helper();
    if (ch) await startImageService((m, ms) => ch.request(m, ms));
  }

  private async helper(): Promise<DockerHelper | null> {
    if (this.helperMissing || this.destroyed) return null;
    if (this.channel && !this.channel.closed) return this.channel;
    if (!this.opening) {
      this.opening = DockerHelper.open(this.container)
        .then((ch) => {
          this.channel = ch;
          return ch;
        })
        .catch((e: Error & { missing?: boolean }) => {
          if (e.missing) this.helperMissing = true; // an image without the helper: plain execs
          return null;
        })
        .finally(() => {
          this.opening = null;
        });
    }
    return this.opening;
  }

  async exec(argv: string[], o: ExecOptions = {}): Promise<ExecResult> {
    if (!Array.isArray(argv) || argv.length === 0) throw new Error("exec needs a non-empty argv");
    const req = {
      argv,
      user: o.user ?? this.defaultUser,
      workdir: o.workdir ?? "/",
      stdin: o.stdin,
      timeoutMs: o.timeoutMs ?? 10_000,
      maxBytes: o.maxOutputBytes ?? 1024 * 1024,
    };
    const ch = await this.helper();
    if (ch) return ch.exec(req);
    return execDirect(this.container, req);
  }

  async reset(): Promise<void> {
    const ch = await this.helper();
    if (ch) return ch.reset();
    const r = await execDirect(this.container, {
      argv: [
        "sh",
        "-c",
        `if [ -x ${HELPER_PATH} ]; then exec python3 ${HELPER_PATH} --reset; fi; cd / && git reset --hard -q && git clean -fdq`,
      ],
      user: "root",
      workdir: "/",
      timeoutMs: 30_000,
      maxBytes: 64 * 1024,
    });
    if (r.exitCode !== 0) throw new Error(`reset failed (exit ${r.exitCode}): ${r.stderr.trim()}`);
  }

  async attach(size: { cols: number; rows: number }, opts: AttachOptions = {}): Promise<Tty> {
    const env = consoleEnvList(opts.env);
    const spare = this.spare;
    this.spare = null;
    if (spare && !spare.closed && env.length === 0) {
      this.tty = spare;
      spare.resize(size.cols, size.rows);
      return spare;
    }
    this.tty?.close(); // one TTY at a time: its shell is killed before the new one starts
    spare?.close();
    await this.ttyClosing;
    const tty = await this.openTty(size, env);
    this.tty = tty;
    return tty;
  }

  /** Start the login shell now, so that attach() returns with its first prompt already waiting. */
  async prewarmTty(size: { cols: number; rows: number }): Promise<void> {
    if (this.spare || this.tty) return;
    this.spare = await this.openTty(size);
    await this.spare.whenOutput(5000);
  }

  private async openTty(size: { cols: number; rows: number }, env: string[] = []): Promise<DockerTty | SocketTty> {
    const nonce = newMarkNonce();
    // The size is set before bash starts: the resize that follows changes nothing, and bash is not
    // made to redraw its first prompt.
    const [cols, rows] = [Math.max(1, Math.floor(size.cols) || 80), Math.max(1, Math.floor(size.rows) || 24)];
    const argv = [
      "sh",
      "-c",
      `stty cols "$1" rows "$2" 2>/dev/null; [ -x ${CONSOLE_PATH} ] && exec ${CONSOLE_PATH}; exec bash -l`,
      "plateau-tty",
      String(cols),
      String(rows),
    ];
    const fullEnv = ["TERM=xterm-256color", "COLORTERM=truecolor", ...env, `${MARK_NONCE_ENV}=${nonce}`];
    const onClosed = (tty: DockerTty | SocketTty) => {
      if (this.tty === tty) this.tty = null;
      if (this.spare === tty) this.spare = null;
      this.ttyClosing = this.ttyClosing.then(() => this.killTty());
    };
    const { ttyDir, terminals } = this.terminal;
    const ch = ttyDir && terminals.socket ? await this.helper() : null;
    if (ch && ttyDir) {
      try {
        const sock = await this.connectRelay(ch, ttyDir, { argv, env: fullEnv, cols, rows });
        const tty: SocketTty = new SocketTty(sock, nonce, () => onClosed(tty));
        tty.resize(cols, rows);
        return tty;
      } catch (e) {
        terminals.failed(e as Error);
      }
    }
    const exec = await this.container.exec({
      Cmd: argv,
      User: this.defaultUser,
      WorkingDir: "/",
      Env: fullEnv,
      Tty: true,
      AttachStdin: true,
      AttachStdout: true,
      AttachStderr: true,
    });
    const sock = (await exec.start({ hijack: true, stdin: true, Tty: true })) as Duplex;
    const tty: DockerTty = new DockerTty(exec, sock, nonce, () => onClosed(tty));
    tty.resize(cols, rows);
    return tty;
  }

  /**
   * The helper starts a relay listening in the terminal folder; we connect from this host and send
   * the token first (the relay lets in no other connection), then the relay starts the shell.
   */
  private async connectRelay(
    ch: DockerHelper,
    ttyDir: string,
    o: { argv: string[]; env: string[]; cols: number; rows: number },
  ): Promise<Socket> {
    const name = randomBytes(12).toString("hex");
    const token = randomBytes(32).toString("hex");
    await ch.request({ op: "tty", name, token, user: this.defaultUser, cwd: "/", ...o }, 10_000);
    const sock = connect(path.join(ttyDir, `${name}.sock`));
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        sock.once("connect", resolve);
        sock.once("error", reject);
      }),
      5000,
      "the terminal relay's socket did not answer",
    ).catch((e) => {
      sock.destroy();
      throw new Error(`the terminal relay's socket is not reachable from this host: ${(e as Error).message}`);
    });
    sock.write(encodeFrame(FRAME.token, Buffer.from(token)));
    return sock;
  }

  /** A closed attach stream leaves the shell running in the container: end it. */
  private async killTty(): Promise<void> {
    if (this.destroyed) return;
    const ch = await this.helper();
    try {
      if (ch) await ch.request({ op: "kill-tty" }, 5000);
      else
        await execDirect(this.container, {
          argv: ["pkill", "-KILL", "-u", this.defaultUser, "-P", "0"],
          user: "root",
          workdir: "/",
          timeoutMs: 5000,
          maxBytes: 4096,
        });
    } catch {
      /* the container may be gone */
    }
  }

  async alive(): Promise<boolean> {
    try {
      const info = await this.container.inspect();
      return info.State.Running === true;
    } catch {
      return false;
    }
  }

  async destroy(): Promise<void> {
    this.destroyed = true;
    this.tty?.close();
    this.spare?.close();
    this.channel?.close();
    try {
      await removeContainer(this.container);
    } finally {
      removeTtyDir(this.terminal.ttyDir);
    }
  }
}

/** A terminal folder (by its name: a label is only trusted that far), with what is left in it. */
function removeTtyDir(dir: string | null | undefined): void {
  if (dir && path.dirname(dir) === os.tmpdir() && TTY_DIR_NAME.test(path.basename(dir)))
    rmSync(dir, { recursive: true, force: true });
}

/** Terminal folders of servers that have ended: their containers were removed as leftovers, or never made. */
function sweepTtyDirs(): void {
  let names: string[];
  try {
    names = readdirSync(os.tmpdir());
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(TTY_DIR_NAME.exec(name)?.[1] ?? 0);
    if (pid && pid !== process.pid && processEnded(pid)) removeTtyDir(path.join(os.tmpdir(), name));
  }
}

/**
 * Remove a container, forced; false when another removal got there first (then once the container
 * is gone: a stop that went on while the engine was still removing it left it behind). An engine
 * under load sometimes answers 500 for a moment ("failed to update store for object type
 * *libnetwork.endpoint"): tried three times before the error is thrown, so a stop leaves nothing.
 */
async function removeContainer(container: Docker.Container): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      await container.remove({ force: true });
      return true;
    } catch (e) {
      if (alreadyGoing(e)) {
        // The engine answers this wait when the container is gone (or at once, 404, if it already is).
        await withTimeout(container.wait({ condition: "removed" }), REMOVAL_WAIT_MS, "still being removed").catch(() => {});
        return false;
      }
      if (attempt >= 3 || (e as { statusCode?: number }).statusCode !== 500) throw e;
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}

/** How long a removal that another one started is waited for. */
const REMOVAL_WAIT_MS = 30_000;

/**
 * A removal that lost a race with another one (destroy() and cleanup() at once): the container is
 * gone (404) or being removed (409 "removal of container … is already in progress"): the other
 * removal has it.
 */
export function alreadyGoing(e: unknown): boolean {
  const { statusCode, message } = e as { statusCode?: number; message?: string };
  return statusCode === 404 || (statusCode === 409 && /already in progress/.test(message ?? ""));
}

function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let t: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(t)),
    new Promise<T>((_, reject) => {
      t = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]);
}
