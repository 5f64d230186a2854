// The request protocol of the in-sandbox root helper (docker/bash/helper.py --serve), the one both
// drivers speak: JSON lines, each request with an id and answered by it, in any order; the
// helper's first line (id 0) says it is ready. A driver carries the lines (the docker driver over
// a `docker exec`, the local one over an nsenter process's pipes) and feeds back what it reads.
import type { ExecResult } from "./types";

/** Where the images install the helper. */
export const HELPER_PATH = "/usr/local/lib/plateau/helper.py";

/** A command to run in the sandbox: through the helper, or (docker, images without one) a plain exec. */
export interface ExecRequest {
  argv: string[];
  user: string;
  workdir: string;
  env?: Record<string, string>;
  stdin?: string;
  timeoutMs: number;
  maxBytes: number;
}

/** How a driver reaches its helper: write a line, hang up. */
export interface HelperTransport {
  write(line: string): void;
  hangUp(): void;
}

interface Pending {
  resolve: (v: Record<string, unknown>) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

export class HelperChannel {
  closed = false;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private lineParts: Buffer[] = [];
  private stderrTail = "";
  private readyWaiter: Pending | null = null;

  constructor(private readonly transport: HelperTransport) {}

  /** Wait for the helper's ready line; the error names what it wrote to stderr. */
  async ready(timeoutMs = 10_000): Promise<void> {
    try {
      await new Promise<Record<string, unknown>>((resolve, reject) => {
        if (this.closed) return reject(this.exitError());
        const timer = setTimeout(() => reject(new Error("the sandbox helper did not start in time")), timeoutMs);
        this.readyWaiter = { resolve, reject, timer };
      });
    } catch (e) {
      this.close();
      throw new Error(`${(e as Error).message}${this.stderrTail ? `: ${this.stderrTail.trim()}` : ""}`);
    }
  }

  /** The driver's transport read this from the helper's stdout. */
  stdout(b: Buffer): void {
    let start = 0;
    for (let i = b.indexOf(10); i !== -1; i = b.indexOf(10, start)) {
      this.lineParts.push(b.subarray(start, i));
      const line = Buffer.concat(this.lineParts).toString("utf8");
      this.lineParts = [];
      start = i + 1;
      this.onMessage(line);
    }
    if (start < b.length) this.lineParts.push(Buffer.from(b.subarray(start)));
  }

  /** …and this from its stderr (the tail is kept for error messages). */
  stderr(text: string): void {
    this.stderrTail = (this.stderrTail + text).slice(-2000);
  }

  private onMessage(line: string): void {
    let msg: Record<string, unknown>;
    try {
      msg = JSON.parse(line);
    } catch {
      return;
    }
    if (msg.id === 0 && this.readyWaiter) {
      clearTimeout(this.readyWaiter.timer);
      this.readyWaiter.resolve(msg);
      this.readyWaiter = null;
      return;
    }
    const p = this.pending.get(msg.id as number);
    if (!p) return;
    this.pending.delete(msg.id as number);
    clearTimeout(p.timer);
    if (msg.ok) p.resolve(msg);
    else p.reject(new Error(`sandbox helper: ${msg.error}`));
  }

  private exitError(): Error {
    return new Error(`the sandbox helper exited${this.stderrTail ? `: ${this.stderrTail.trim()}` : ""}`);
  }

  /** The transport ended (the helper exited, or the driver hung up): every waiting request fails. */
  closedByTransport(): void {
    if (this.closed) return;
    this.closed = true;
    const err = this.exitError();
    if (this.readyWaiter) {
      clearTimeout(this.readyWaiter.timer);
      this.readyWaiter.reject(err);
      this.readyWaiter = null;
    }
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.pending.clear();
  }

  request(msg: Record<string, unknown>, guardMs: number): Promise<Record<string, unknown>> {
    if (this.closed) return Promise.reject(new Error("the sandbox helper is not running"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`the sandbox helper did not answer within ${guardMs} ms`));
      }, guardMs);
      this.pending.set(id, { resolve, reject, timer });
      this.transport.write(JSON.stringify({ id, ...msg }) + "\n");
    });
  }

  async exec(req: ExecRequest): Promise<ExecResult> {
    const r = await this.request(
      {
        op: "exec",
        argv: req.argv,
        user: req.user,
        cwd: req.workdir,
        env: req.env ?? null,
        stdin: req.stdin === undefined ? null : Buffer.from(req.stdin, "utf8").toString("base64"),
        timeoutMs: req.timeoutMs,
        maxBytes: req.maxBytes,
      },
      req.timeoutMs + 5000,
    );
    return {
      exitCode: r.exitCode as number,
      stdout: Buffer.from(r.stdout as string, "base64").toString("utf8"),
      stderr: Buffer.from(r.stderr as string, "base64").toString("utf8"),
      timedOut: r.timedOut as boolean,
      truncated: r.truncated as boolean,
    };
  }

  async reset(): Promise<void> {
    await this.request({ op: "reset" }, 30_000);
  }

  close(): void {
    if (!this.closed) this.transport.hangUp();
    this.closedByTransport();
  }
}
