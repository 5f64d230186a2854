import { EventEmitter } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ClientSocket } from "../../lib/runtime/socketEvents";
import { parseRunArgs, runCommand, type RunDeps } from "./run";
import { UsageError, type Io } from "./io";
import type { RunProgress } from "../../lib/agents/runs/protocol";

function captureIo(): Io & { lines: string[]; errs: string[]; bar: string } {
  const c = { lines: [] as string[], errs: [] as string[], bar: "" };
  const stderr = { isTTY: false, write: (s: string) => ((c.bar += s), true) } as unknown as NodeJS.WriteStream;
  return Object.assign(c, {
    root: "/",
    cwd: "/",
    out: (l: string) => c.lines.push(l),
    err: (l: string) => c.errs.push(l),
    stderr,
  });
}

const progress = (over: Partial<RunProgress>): RunProgress => ({
  runId: "r1",
  name: "demo",
  status: "running",
  total: 4,
  done: 0,
  succeeded: 0,
  errors: 0,
  running: [],
  createdAt: "",
  finishedAt: null,
  failure: null,
  ...over,
});

function fakeDeps(replies: { status: number; body: unknown }[], frames: RunProgress[]) {
  const sent: unknown[] = [];
  const socket = new EventEmitter() as EventEmitter & { emit: (e: string, ...a: unknown[]) => boolean; disconnect(): void };
  const watched: unknown[] = [];
  const origEmit = socket.emit.bind(socket);
  socket.emit = (e: string, ...a: unknown[]) => {
    if (e === "run:watch") {
      watched.push(a[0]);
      setTimeout(() => frames.forEach((f) => origEmit("run:progress", f)), 1);
      return true;
    }
    return origEmit(e, ...a);
  };
  socket.disconnect = () => {};
  const deps: RunDeps = {
    fetch: (async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      const r = replies.shift()!;
      return new Response(JSON.stringify(r.body), { status: r.status });
    }) as unknown as typeof fetch,
    socket: () => {
      setTimeout(() => origEmit("connect"), 1);
      return socket as unknown as ClientSocket;
    },
    onInterrupt: () => () => {},
  };
  return { deps, sent, watched };
}

describe("plateau run", () => {
  it("reads the issue's command line into a run request", () => {
    const a = parseRunArgs("--env bash --policy try-again --model M --tasks fs1 --turns 10 --concurrency 4".split(" "), {});
    expect(a).toEqual({
      url: "http://127.0.0.1:3000",
      watch: null,
      detach: false,
      input: { env: "bash", policy: "try-again", tasks: "fs1", model: "M", turnLimit: 10, concurrency: 4 },
    });
    const b = parseRunArgs(
      [
        "--policy",
        "react",
        "--tasks",
        "all",
        "--endpoint",
        "vllm",
        "--temperature",
        "0.2",
        "--timeout",
        "2.5",
        "--url",
        "http://x:9/",
      ],
      { PORT: "4000" },
    );
    expect(b.url).toBe("http://x:9");
    expect(b.input).toMatchObject({ llm: { endpoint: "vllm", temperature: 0.2 }, timeoutMs: 2500 });
    expect(parseRunArgs(["--policy", "gold", "--tasks", "all", "--execution", "intercode"], {}).input).toMatchObject({
      execution: "intercode",
    });
    expect(() => parseRunArgs(["--policy", "react", "--tasks", "all", "--base-url", "http://h:8000/v1"], {})).toThrow(
      /--base-url/,
    );
    expect(parseRunArgs(["--watch", "abc"], { PLATEAU_URL: "http://p:1" })).toEqual({
      url: "http://p:1",
      watch: "abc",
      detach: false,
      input: null,
    });
  });

  it("reads scripted actions from a file and refuses bad arguments", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "plateau-run-"));
    writeFileSync(path.join(dir, "a.txt"), "ls -l\n\n  cd /testbed\nsubmit\n");
    expect(parseRunArgs(["--policy", "scripted", "--tasks", "fs1", "--actions-file", "a.txt"], {}, dir).input?.actions).toEqual([
      "ls -l",
      "  cd /testbed",
      "submit",
    ]);
    rmSync(dir, { recursive: true });
    expect(() => parseRunArgs(["--tasks", "fs1"], {})).toThrow(UsageError);
    expect(() => parseRunArgs(["--policy", "gold"], {})).toThrow(/--tasks is required/);
    expect(() => parseRunArgs(["--policy", "gold", "--tasks", "fs1", "--turns", "ten"], {})).toThrow(
      /--turns must be a whole number/,
    );
    expect(() => parseRunArgs(["--policy", "gold", "--tasks", "fs1", "--bogus"], {})).toThrow();
  });

  it("starts the run, draws the bar from progress frames and exits 0 when it is done", async () => {
    const io = captureIo();
    const { deps, sent, watched } = fakeDeps(
      [{ status: 201, body: { runId: "r1", name: "demo", total: 4 } }],
      [
        progress({ done: 1, succeeded: 1 }),
        progress({ done: 3, succeeded: 2, errors: 1, running: [{ episodeId: "e", taskId: 1, turn: 2 }] }),
        progress({ done: 4, succeeded: 3, errors: 1, status: "done" }),
      ],
    );
    const code = await runCommand(parseRunArgs(["--policy", "gold", "--tasks", "fs1"], {}), io, deps);
    expect(code).toBe(0);
    expect(sent).toEqual([{ url: "http://127.0.0.1:3000/api/agent-runs", body: { env: "bash", policy: "gold", tasks: "fs1" } }]);
    expect(watched).toEqual([{ runId: "r1" }]);
    expect(io.lines[0]).toBe('run "demo" (r1): 4 tasks — watch it at http://127.0.0.1:3000/agent-runs/r1');
    expect(io.bar).toMatch(/\[#+-*\]\s+75% 3\/4 episodes.*solved 2 · errors 1 · running 1/);
    expect(io.lines.at(-1)).toBe('run "demo" done: 4/4 episodes, 3 solved, 1 errors — SR 75.0 %');
  });

  it("says what the server refused, and exits 1 for a cancelled run", async () => {
    const io = captureIo();
    const { deps } = fakeDeps([{ status: 400, body: { error: 'no bash tasks match "fs9"' } }], []);
    expect(await runCommand(parseRunArgs(["--policy", "gold", "--tasks", "fs9"], {}), io, deps)).toBe(2);
    expect(io.errs).toEqual(['plateau run: no bash tasks match "fs9"']);
    const io2 = captureIo();
    const w = fakeDeps([], [progress({ done: 1, status: "cancelled" })]);
    expect(await runCommand(parseRunArgs(["--watch", "r1"], {}), io2, w.deps)).toBe(1);
    expect(io2.lines.at(-1)).toMatch(/^run "demo" cancelled: 1\/4/);
  });

  it("says when the server cannot be reached", async () => {
    const srv = net.createServer();
    await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
    const port = (srv.address() as net.AddressInfo).port;
    await new Promise((r) => srv.close(r));
    const io = captureIo();
    const code = await runCommand(
      parseRunArgs(["--policy", "gold", "--tasks", "fs1", "--url", `http://127.0.0.1:${port}`], {}),
      io,
    );
    expect(code).toBe(1);
    expect(io.errs[0]).toBe(
      `plateau run: cannot reach Plateau at http://127.0.0.1:${port} (ECONNREFUSED): start it with npm start, or give --url`,
    );
  });
});
