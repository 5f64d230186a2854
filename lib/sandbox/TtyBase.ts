// What both drivers' terminals share: listeners for output and exit, the output that came before the
// first listener (the first prompt), and waiting for that first output. A driver's Tty says how bytes
// move (emitOutput, emitExit) and implements writing, resizing, flow control and closing.
import type { Disposable, Tty } from "./types";

export type ExitInfo = { exitCode: number | null; reason?: string };

export abstract class TtyBase implements Tty {
  abstract readonly markNonce: string;
  private dataListeners = new Set<(chunk: string) => void>();
  private exitListeners = new Set<(info: ExitInfo) => void>();
  private backlog: string[] = [];
  protected exitInfo: ExitInfo | null = null;
  protected closedByUs = false;
  private gotOutput: (() => void) | null = null;
  private readonly firstOutput = new Promise<void>((resolve) => {
    this.gotOutput = () => {
      this.gotOutput = null;
      resolve();
    };
  });

  abstract write(data: string): void;
  abstract resize(cols: number, rows: number): void;
  abstract pause(): void;
  abstract resume(): void;
  abstract close(): void;

  protected emitOutput(chunk: string): void {
    this.gotOutput?.();
    if (this.dataListeners.size === 0) this.backlog.push(chunk);
    else for (const l of this.dataListeners) l(chunk);
  }

  /** Once: later calls are ignored. */
  protected emitExit(info: ExitInfo): void {
    if (this.exitInfo) return;
    this.exitInfo = info;
    for (const l of this.exitListeners) l(info);
    this.exitListeners.clear();
  }

  /** Resolves at the first output (the first prompt), or after `ms`. */
  whenOutput(ms: number): Promise<void> {
    let t: NodeJS.Timeout | undefined;
    return Promise.race([this.firstOutput, new Promise<void>((r) => (t = setTimeout(r, ms)))]).finally(() => clearTimeout(t));
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
}
