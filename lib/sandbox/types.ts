// The one interface every sandbox driver implements. Sessions, rewards adapters and agents talk to
// this, never to dockerode or node-pty directly, so an episode runs the same on either driver.

export type DriverName = "docker" | "local";

export interface Disposable {
  dispose(): void;
}

/** What to start: an environment image (docker tag, or rootfs name for the local driver). */
export interface SandboxSpec {
  /** e.g. "plateau/bash-fs1" */
  image: string;
  /** Extra labels (docker) / metadata; the driver always adds its own ownership label. */
  labels?: Record<string, string>;
  env?: Record<string, string>;
}

export interface ExecOptions {
  /** Kill the command after this long; the result says timedOut. Default 10 s (InterCode). */
  timeoutMs?: number;
  /** Keep at most this many bytes of stdout and of stderr; the result says truncated. Default 1 MiB. */
  maxOutputBytes?: number;
  workdir?: string;
  user?: string;
  stdin?: string;
}

export interface ExecResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  truncated: boolean;
}

/** The interactive terminal of a sandbox: bytes in, bytes out, with flow control. */
export interface Tty {
  /** The secret the shell signs its marks with (fresh per shell, never written to its output). */
  readonly markNonce: string;
  write(data: string): void;
  resize(cols: number, rows: number): void;
  onData(listener: (chunk: string) => void): Disposable;
  onExit(listener: (info: { exitCode: number | null; reason?: string }) => void): Disposable;
  /** Back-pressure: stop reading from the sandbox until resume(). */
  pause(): void;
  resume(): void;
  close(): void;
}

export interface Sandbox {
  readonly id: string;
  readonly driver: DriverName;
  readonly image: string;
  /**
   * Start the console on a TTY: the image's /usr/local/bin/plateau-console, else the login shell
   * (docker/CONSOLE-PROTOCOL.md). One at a time per sandbox; `env`: the task's console variables.
   */
  attach(size: { cols: number; rows: number }, opts?: { env?: Record<string, string> }): Promise<Tty>;
  /** Run a command outside the TTY (scorer, gold runs). argv form, no shell unless you ask for one. */
  exec(argv: string[], opts?: ExecOptions): Promise<ExecResult>;
  /** Back to the image's initial file system state (as git reset --hard + git clean -fd at / would). */
  reset(): Promise<void>;
  /** Whether the sandbox is still running (a container that died answers false). */
  alive(): Promise<boolean>;
  destroy(): Promise<void>;
}

export interface DriverStatus {
  ok: boolean;
  /** Human-readable reason when not ok: what is missing and what to do. */
  reason?: string;
  detail?: string;
  /** What each sandbox is capped at, and plainly what it is not (shown with the driver on health and home). */
  limits?: string;
  /** A limit the driver cannot apply here (the home page shows it beside the driver). */
  warning?: string;
}

export interface SandboxDriver {
  readonly name: DriverName;
  status(): Promise<DriverStatus>;
  create(spec: SandboxSpec): Promise<Sandbox>;
  /** Whether the image (or rootfs) for this spec exists. */
  hasImage(image: string): Promise<boolean>;
  /** Remove everything this driver left behind (after a crash, or at shutdown). */
  cleanup(): Promise<number>;
}

/** Limits applied to every player sandbox (DESIGN.md § Safety). */
export const SANDBOX_LIMITS = {
  memoryBytes: 512 * 1024 * 1024,
  pids: 256,
  nanoCpus: 1_000_000_000,
  user: "player",
} as const;

/** Label that marks containers as Plateau's, so leftovers from a crash can be found and removed. */
export const OWNER_LABEL = "dev.plateau.owner";
