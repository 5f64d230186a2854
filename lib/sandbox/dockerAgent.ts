// The channel to the in-container root helper (docker/bash/agent.py --serve): one long-lived
// `docker exec` speaking JSON lines, so a command or a reset costs a few ms instead of a new exec.
import type Docker from "dockerode";
import type { Duplex } from "node:stream";
import { demux, execExitCode, type ExecRequest } from "./dockerExec";
import type { ExecResult } from "./types";

export const AGENT_PATH = "/usr/local/lib/plateau/agent.py";

interface Pending {
  resolve: (v: Record<string, unknown>) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

export class AgentChannel {
  closed = false;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private lineParts: Buffer[] = [];
  private stderrTail = "";
  private readyWaiter: Pending | null = null;

  private constructor(private readonly sock: Duplex) {
    demux(sock, (b) => this.onStdout(b), (b) => {
      this.stderrTail = (this.stderrTail + b.toString("utf8")).slice(-2000);
    });
    const onEnd = () => this.onClose();
    sock.on("close", onEnd);
    sock.on("end", onEnd);
    sock.on("error", onEnd);
  }

  static async open(container: Docker.Container, timeoutMs = 10_000): Promise<AgentChannel> {
    const exec = await container.exec({
      Cmd: ["python3", "-u", AGENT_PATH, "--serve"],
      User: "root",
      WorkingDir: "/",
      AttachStdin: true,
      AttachStdout: true,
      AttachStderr: true,
      Tty: false,
    });
    const sock = (await exec.start({ hijack: true, stdin: true })) as Duplex;
    const ch = new AgentChannel(sock);
    try {
      await new Promise<Record<string, unknown>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("the sandbox helper did not start in time")), timeoutMs);
        ch.readyWaiter = { resolve, reject, timer };
      });
    } catch (e) {
      ch.close();
      const code = await execExitCode(exec);
      const err = new Error(`${(e as Error).message}${ch.stderrTail ? `: ${ch.stderrTail.trim()}` : ""}`) as Error & { missing?: boolean };
      // 127: no python3; 2: python3 cannot open the script: the image has no helper
      err.missing = code === 127 || code === 2 || code === 126;
      throw err;
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
      this.sock.write(JSON.stringify({ id, ...msg }) + "\n");
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
    this.sock.destroy();
    this.onClose();
  }
}
