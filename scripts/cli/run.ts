import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { io as connectSocket } from "socket.io-client";
import type { ClientSocket } from "../../lib/runtime/socketEvents";
import { RunEvents, type RunProgress } from "../../lib/agents/runs/protocol";
import { progressBar } from "./progressBar";
import { UsageError, type Io } from "./io";

// `plateau run`: start a batch run in the running Plateau server (POST /api/agent-runs) and follow
// it with a terminal progress bar over socket.io. The run lives in the server: Ctrl-C only stops
// watching, and a server restart resumes it (the bar reconnects and goes on).

export const RUN_HELP = `plateau run --policy P --tasks SEL [--env bash|sql|python|ctf] [--model M] [--turns N] [--concurrency N] [--timeout SECONDS]
            [--execution terminal|intercode] [--endpoint NAME] [--temperature T] [--max-tokens N] [--actions-file FILE] [--name NAME] [--url URL] [--detach]
plateau run --watch RUN_ID [--url URL]

  Starts a batch run in the running Plateau and shows its progress. Policies: try-again, react,
  plan-solve, single-turn (--endpoint names one of the server's configured OpenAI-compatible endpoints,
  default its first: PLATEAU_LLM_BASE_URL, PLATEAU_LLM_ENDPOINTS; their keys stay in the server), gold, scripted
  (--actions-file: one action per line). Tasks: all (the 200 Bash tasks of fs1-4), fs1…fs4, test,
  fs1:0-9, task ids — comma-separated. --turns 10, --concurrency 1 and --timeout 10 by default.
  --execution intercode runs each action as InterCode did (bash -c as root, no terminal, only cd
  carries over), to compare with the paper; default terminal (typed into the live shell).
  --url is the server (default PLATEAU_URL, else http://127.0.0.1:$PORT or :3000). Exit code 0 when
  the run is done, 1 when it failed or was cancelled.`;

type Env = Record<string, string | undefined>;

export interface RunArgs {
  url: string;
  watch: string | null;
  detach: boolean;
  input: Record<string, unknown> | null;
}

export function parseRunArgs(args: string[], env: Env = process.env, cwd = process.cwd()): RunArgs {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: false,
    options: {
      env: { type: "string", default: "bash" },
      policy: { type: "string" },
      tasks: { type: "string" },
      model: { type: "string" },
      turns: { type: "string" },
      concurrency: { type: "string" },
      timeout: { type: "string" },
      endpoint: { type: "string" },
      execution: { type: "string" },
      temperature: { type: "string" },
      "max-tokens": { type: "string" },
      "actions-file": { type: "string" },
      name: { type: "string" },
      url: { type: "string" },
      watch: { type: "string" },
      detach: { type: "boolean", default: false },
    },
  });
  void positionals;
  const url = (values.url ?? env.PLATEAU_URL ?? `http://127.0.0.1:${env.PORT ?? 3000}`).replace(/\/+$/, "");
  if (values.watch) return { url, watch: values.watch, detach: false, input: null };
  if (!values.policy) throw new UsageError("--policy is required (try-again, react, plan-solve, single-turn, gold, scripted)");
  if (!values.tasks) throw new UsageError("--tasks is required (e.g. fs1, all, fs1:0-9)");
  const num = (flag: string, v: string | undefined, int: boolean) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || (int && !Number.isInteger(n)))
      throw new UsageError(`--${flag} must be a${int ? " whole" : ""} number, not ${JSON.stringify(v)}`);
    return n;
  };
  const timeout = num("timeout", values.timeout, false);
  const input: Record<string, unknown> = {
    env: values.env,
    policy: values.policy,
    tasks: values.tasks,
    model: values.model,
    name: values.name,
    turnLimit: num("turns", values.turns, true),
    concurrency: num("concurrency", values.concurrency, true),
    timeoutMs: timeout === undefined ? undefined : Math.round(timeout * 1000),
    execution: values.execution,
  };
  const llm = {
    endpoint: values.endpoint,
    temperature: num("temperature", values.temperature, false),
    maxTokens: num("max-tokens", values["max-tokens"], true),
  };
  if (Object.values(llm).some((v) => v !== undefined)) input.llm = llm;
  if (values["actions-file"]) {
    const file = path.resolve(cwd, values["actions-file"]);
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (err) {
      throw new UsageError(`cannot read --actions-file ${file}: ${(err as Error).message}`);
    }
    input.actions = text
      .split("\n")
      .map((l) => l.trimEnd())
      .filter((l) => l.trim() !== "");
  }
  return { url, watch: null, detach: values.detach!, input: JSON.parse(JSON.stringify(input)) };
}

export interface RunDeps {
  fetch: typeof fetch;
  socket(url: string): ClientSocket;
  onInterrupt(handler: () => void): () => void;
}

const defaultDeps: RunDeps = {
  fetch,
  socket: (url) => connectSocket(url, { transports: ["websocket"], reconnectionDelayMax: 2000 }),
  onInterrupt: (h) => {
    process.once("SIGINT", h);
    return () => process.off("SIGINT", h);
  },
};

export async function runCommand(a: RunArgs, io: Io, deps: RunDeps = defaultDeps): Promise<number> {
  let runId = a.watch;
  if (!runId) {
    let res: Response;
    try {
      res = await deps.fetch(`${a.url}/api/agent-runs`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(a.input),
      });
    } catch (err) {
      io.err(
        `plateau run: cannot reach Plateau at ${a.url} (${(err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message}): start it with npm start, or give --url`,
      );
      return 1;
    }
    const body = (await res.json().catch(() => ({}))) as { runId?: string; name?: string; total?: number; error?: string };
    if (!res.ok || !body.runId) {
      io.err(`plateau run: ${body.error ?? `the server answered ${res.status}`}`);
      return res.status >= 400 && res.status < 500 ? 2 : 1;
    }
    runId = body.runId;
    io.out(`run "${body.name}" (${runId}): ${body.total} tasks — watch it at ${a.url}/agent-runs/${runId}`);
    if (a.detach) return 0;
  }
  return watch(a.url, runId, io, deps);
}

function watch(url: string, runId: string, io: Io, deps: RunDeps): Promise<number> {
  return new Promise((resolve) => {
    const bar = progressBar(io.stderr);
    const socket = deps.socket(url);
    let finished = false;
    const finish = (code: number, message: string) => {
      if (finished) return;
      finished = true;
      offInterrupt();
      bar.done();
      io.out(message);
      socket.disconnect();
      resolve(code);
    };
    const offInterrupt = deps.onInterrupt(() =>
      finish(130, `stopped watching; the run goes on in the server — plateau run --watch ${runId}`),
    );
    socket.on("connect", () => socket.emit(RunEvents.watch, { runId }));
    socket.on("connect_error", (err: Error) => bar.update(0, 0, `(reconnecting to ${url}: ${err.message})`));
    socket.on(RunEvents.error, (msg: string) => finish(1, `plateau run: ${msg}`));
    socket.on(RunEvents.progress, (p: RunProgress) => {
      if (p.runId !== runId) return;
      bar.update(p.done, p.total, `solved ${p.succeeded} · errors ${p.errors} · running ${p.running.length}`);
      if (p.status === "done" || p.status === "failed" || p.status === "cancelled") {
        const sr = p.done ? ` — SR ${((p.succeeded / p.done) * 100).toFixed(1)} %` : "";
        const why = p.failure ? `: ${p.failure}` : "";
        finish(
          p.status === "done" ? 0 : 1,
          `run "${p.name}" ${p.status}${why}: ${p.done}/${p.total} episodes, ${p.succeeded} solved, ${p.errors} errors${sr}`,
        );
      }
    });
  });
}
