// The channel to the root helper inside a local sandbox (docker/bash/agent.py --serve, the same
// helper the docker driver talks to): JSON lines over the stdin/stdout pipes of its nsenter process.
// Same requests, same answers as lib/sandbox/dockerAgent.ts, so exec() and reset() behave alike.
import type { ChildProcess } from "node:child_process";
import type { ExecResult } from "./types";

export const AGENT_PATH = "/usr/local/lib/plateau/agent.py";

export interface AgentExec {
  argv: string[];
  user: string;
  workdir: string;
  stdin?: string;
  timeoutMs: number;
  maxBytes: number;
}

interface Pending {
  resolve: (v: Record<string, unknown>) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

export class LocalAgent {
  closed = false;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private lineParts: Buffer[] = [];
  private stderrTail = "";
  private readyWaiter: Pending | null = null;

  private constructor(readonly proc: ChildProcess) {
    proc.stdout!.on("data", (b: Buffer) => this.onStdout(b));
    proc.stderr!.on("data", (b: Buffer) => {
      this.stderrTail = (this.stderrTail + b.toString("utf8")).slice(-2000);
    });
    proc.stdin!.on("error", () => {}); // EPIPE when it dies: 'exit' reports it
    proc.on("exit", () => this.onClose());
    proc.on("error", (e) => {
      this.stderrTail += `\n${e.message}`;
      this.onClose();
    });
  }

  /** Wrap a started helper process and wait for its ready line. */
  static async open(proc: ChildProcess, timeoutMs = 10_000): Promise<LocalAgent> {
    const ch = new LocalAgent(proc);
    try {
      await new Promise<Record<string, unknown>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("the sandbox helper did not start in time")), timeoutMs);
        ch.readyWaiter = { resolve, reject, timer };
      });
    } catch (e) {
      ch.close();
      throw new Error(`${(e as Error).message}${ch.stderrTail ? `: ${ch.stderrTail.trim()}` : ""}`);
    }
    return ch;
  }

  private onStdout(b: Buffer): void {
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

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    const err = new Error(`the sandbox helper exited${this.stderrTail ? `: ${this.stderrTail.trim()}` : ""}`);
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
      this.proc.stdin!.write(JSON.stringify({ id, ...msg }) + "\n");
    });
  }

  async exec(req: AgentExec): Promise<ExecResult> {
    const r = await this.request(
      {
        op: "exec",
        argv: req.argv,
        user: req.user,
        cwd: req.workdir,
        env: null,
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

  /** End of input: the helper's serve loop ends and nsenter exits after it (no zombie left behind). */
  close(): void {
    if (!this.closed) this.proc.stdin?.destroy();
    this.onClose();
  }
}
