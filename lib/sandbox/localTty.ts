// The player's terminal in a local sandbox: a node-pty PTY whose process is
// `nsenter … setpriv … bash -l` inside the sandbox's namespaces. Same contract as DockerTty.
import type { IPty } from "node-pty";
import { childrenOf } from "./localHost";
import type { Disposable, Tty } from "./types";

type ExitInfo = { exitCode: number | null; reason?: string };

export class LocalTty implements Tty {
  private dataListeners = new Set<(chunk: string) => void>();
  private exitListeners = new Set<(info: ExitInfo) => void>();
  private backlog: string[] = []; // output before the first listener (the first prompt)
  private exitInfo: ExitInfo | null = null;
  private closedByUs = false;
  private notified = false;
  private gotOutput!: () => void;
  private readonly firstOutput = new Promise<void>((r) => (this.gotOutput = r));

  constructor(
    readonly pty: IPty,
    readonly markNonce: string,
    private readonly onClosed: (byUs: boolean) => void,
  ) {
    pty.onData((s) => {
      this.gotOutput();
      if (this.dataListeners.size === 0) this.backlog.push(s);
      else for (const l of this.dataListeners) l(s);
    });
    pty.onExit(({ exitCode, signal }) => {
      if (this.exitInfo) return;
      const killed = !!signal && !this.closedByUs;
      this.exitInfo = {
        exitCode: this.closedByUs ? null : killed ? 128 + signal : exitCode,
        reason: this.closedByUs ? "closed" : killed ? `killed by signal ${signal}` : "exited",
      };
      for (const l of this.exitListeners) l(this.exitInfo);
      this.exitListeners.clear();
      this.notify();
    });
  }

  private notify(): void {
    if (this.notified) return;
    this.notified = true;
    this.onClosed(this.closedByUs);
  }

  /** Resolves at the first output (the first prompt) or after `ms`. */
  whenOutput(ms: number): Promise<void> {
    let t: NodeJS.Timeout | undefined;
    return Promise.race([this.firstOutput, new Promise<void>((r) => (t = setTimeout(r, ms)))]).finally(() => clearTimeout(t));
  }

  get closed(): boolean {
    return this.closedByUs || this.exitInfo !== null;
  }

  get pid(): number {
    return this.pty.pid;
  }

  write(data: string): void {
    if (!this.exitInfo && !this.closedByUs) this.pty.write(data);
  }

  resize(cols: number, rows: number): void {
    if (!(cols > 0 && rows > 0) || this.exitInfo) return;
    try {
      this.pty.resize(Math.floor(cols), Math.floor(rows));
    } catch {
      /* exited meanwhile */
    }
  }

  onData(listener: (chunk: string) => void): Disposable {
    this.dataListeners.add(listener);
    if (this.backlog.length) {
      const early = this.backlog.join("");
      this.backlog = [];
      listener(early);
    }
    return { dispose: () => void this.dataListeners.delete(listener) };
  }

  onExit(listener: (info: ExitInfo) => void): Disposable {
    if (this.exitInfo) {
      const info = this.exitInfo;
      queueMicrotask(() => listener(info));
      return { dispose() {} };
    }
    this.exitListeners.add(listener);
    return { dispose: () => void this.exitListeners.delete(listener) };
  }

  /** Back-pressure: stop reading the PTY; once its buffer is full, the shell's writes block. */
  pause(): void {
    this.pty.pause();
  }

  resume(): void {
    this.pty.resume();
  }

  /**
   * End the terminal: the sandbox kills every process of the terminal's session (onClosed), as
   * docker's kill-tty does; nsenter, the session's leader on the host, then reaps the shell and exits.
   * (Killing nsenter first would hand the shell to the host's init as a zombie.)
   */
  close(): void {
    if (this.closedByUs || this.exitInfo) return;
    this.closedByUs = true;
    if (childrenOf(this.pty.pid).length === 0) this.pty.kill("SIGKILL"); // nothing forked yet
    this.notify(); // now, not at exit: the PTY reports exit only once nothing inside holds it
  }
}
