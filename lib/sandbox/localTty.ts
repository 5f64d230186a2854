// The player's terminal in a local sandbox: a node-pty PTY whose process is
// `nsenter … setpriv … bash -l` inside the sandbox's namespaces. Same contract as DockerTty.
import type { IPty } from "node-pty";
import { childrenOf } from "./hostProcesses";
import { TtyBase } from "./TtyBase";

export class LocalTty extends TtyBase {
  private notified = false;

  constructor(
    readonly pty: IPty,
    readonly markNonce: string,
    private readonly onClosed: (byUs: boolean) => void,
  ) {
    super();
    pty.onData((s) => this.emitOutput(s));
    pty.onExit(({ exitCode, signal }) => {
      if (this.exitInfo) return;
      const killed = !!signal && !this.closedByUs;
      this.emitExit({
        exitCode: this.closedByUs ? null : killed ? 128 + signal : exitCode,
        reason: this.closedByUs ? "closed" : killed ? `killed by signal ${signal}` : "exited",
      });
      this.notify();
    });
  }

  private notify(): void {
    if (this.notified) return;
    this.notified = true;
    this.onClosed(this.closedByUs);
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
