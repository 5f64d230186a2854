// Plain `docker exec` with a timeout and an output cap: the fallback for images without the helper,
// and the frame parser that the helper channel shares.
import type Docker from "dockerode";
import type { Duplex } from "node:stream";
import type { ExecResult } from "./types";
import type { ExecRequest } from "./helperChannel";

/** Split Docker's multiplexed attach stream (8-byte frame headers) into stdout and stderr. */
export function demux(sock: Duplex, onStdout: (b: Buffer) => void, onStderr: (b: Buffer) => void): void {
  let pending: Buffer = Buffer.alloc(0);
  sock.on("data", (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= 8) {
      const size = pending.readUInt32BE(4);
      if (pending.length < 8 + size) break;
      const payload = pending.subarray(8, 8 + size);
      if (pending[0] === 2) onStderr(payload);
      else onStdout(payload);
      pending = pending.subarray(8 + size);
    }
  });
}

/** Keeps the first `max` bytes. */
export class CappedBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  truncated = false;
  constructor(private readonly max: number) {}
  push(b: Buffer): void {
    const room = this.max - this.size;
    if (b.length > room) this.truncated = true;
    if (room <= 0) return;
    const part = b.length > room ? b.subarray(0, room) : b;
    this.chunks.push(Buffer.from(part));
    this.size += part.length;
  }
  text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}

/** Poll until the exec has ended (the stream can close a moment before the engine records it). */
export async function execExitCode(exec: Docker.Exec): Promise<number | null> {
  for (let i = 0; i < 20; i++) {
    try {
      const info = await exec.inspect();
      if (!info.Running) return info.ExitCode ?? null;
    } catch {
      return null;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return null;
}

export async function execDirect(container: Docker.Container, req: ExecRequest): Promise<ExecResult> {
  const withStdin = req.stdin !== undefined;
  const exec = await container.exec({
    // coreutils timeout kills the command's whole process group
    Cmd: ["timeout", "-s", "KILL", String(req.timeoutMs / 1000), ...req.argv],
    User: req.user,
    WorkingDir: req.workdir,
    Env: Object.entries(req.env ?? {}).map(([k, v]) => `${k}=${v}`),
    AttachStdin: withStdin,
    AttachStdout: true,
    AttachStderr: true,
    Tty: false,
  });
  const started = Date.now();
  const sock = (await exec.start({ hijack: true, stdin: withStdin })) as Duplex;
  const out = new CappedBuffer(req.maxBytes);
  const err = new CappedBuffer(req.maxBytes);
  demux(
    sock,
    (b) => out.push(b),
    (b) => err.push(b),
  );
  const guard = setTimeout(() => sock.destroy(), req.timeoutMs + 3000);
  await new Promise<void>((resolve) => {
    sock.on("close", resolve);
    sock.on("error", () => resolve());
    if (withStdin) sock.end(req.stdin);
  });
  clearTimeout(guard);
  let code = (await execExitCode(exec)) ?? -1;
  const timedOut = code === 137 && Date.now() - started >= req.timeoutMs;
  if (timedOut) code = 124;
  return { exitCode: code, stdout: out.text(), stderr: err.text(), timedOut, truncated: out.truncated || err.truncated };
}
