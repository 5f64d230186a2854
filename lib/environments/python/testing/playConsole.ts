import { decodeCommandLine } from "../../../sessions/marks";
import type { CompletedStep } from "../../../sessions/steps";
import type { Sandbox, Tty } from "../../../sandbox/types";
import { consoleTaskEnv, type MbppTask } from "../mbppTask";
import { typePythonAction } from "../pythonConsole";

// For the Python environment's tests and bench until the live session drives consoles through
// lib/sessions/console.ts: the console on a real sandbox terminal, each input typed as an agent's
// action (or as keys, as a person types), each step read from the signed marks the console writes,
// the 633;R result included (the session's own parser reads it once the structured-result mark lands).

export type PlayedStep = CompletedStep & { result?: unknown };

const ESC = "\x1b";
const BEL = "\x07";

export interface ConsolePlay {
  tty: Tty;
  /** Type an input (as an agent's action, or raw keys with `keys`) and wait for its step. */
  run(input: string, opts?: { keys?: boolean; timeoutMs?: number }): Promise<PlayedStep>;
  screen(): string;
  steps: PlayedStep[];
}

export async function openConsole(sandbox: Sandbox, task: MbppTask): Promise<ConsolePlay> {
  const tty = await sandbox.attach({ cols: 120, rows: 40 }, { env: consoleTaskEnv(task) });
  const sig = `;${tty.markNonce}${BEL}`;
  const prompt = `${ESC}]133;B${sig}`;
  let raw = "";
  tty.onData((s) => (raw += s));
  const steps: PlayedStep[] = [];
  const waitFor = async (test: () => boolean, what: string, timeoutMs: number) => {
    for (const end = Date.now() + timeoutMs; !test(); await new Promise((r) => setTimeout(r, 10))) {
      if (Date.now() > end) throw new Error(`${what}; the terminal showed ${JSON.stringify(raw.slice(-400))}`);
    }
  };
  await waitFor(() => raw.includes(prompt), "no first prompt", 15_000);
  return {
    tty,
    steps,
    screen: () => raw.replace(/\x1b\][0-9]+;[^\x07]*\x07/g, ""),
    async run(input, opts = {}) {
      const from = raw.length;
      tty.write(opts.keys ? input : typePythonAction(input));
      const done = () => {
        const d = raw.indexOf(`${ESC}]133;D;`, from);
        return d >= 0 && raw.indexOf(prompt, d) >= 0;
      };
      await waitFor(done, `no step for ${JSON.stringify(input)}`, opts.timeoutMs ?? 30_000);
      const text = raw.slice(from, raw.indexOf(prompt, raw.indexOf(`${ESC}]133;D;`, from)));
      const step = stepOf(text, tty.markNonce, steps.length);
      steps.push(step);
      return step;
    },
  };
}

function stepOf(text: string, nonce: string, index: number): PlayedStep {
  const sig = `;${nonce}${BEL}`;
  const field = (body: string) => new RegExp(`\\x1b\\]${body}([^\\x07;]*);${nonce}\\x07`);
  const action = decodeCommandLine(field("633;E;").exec(text)?.[1] ?? "") ?? "";
  const exitCode = Number(field("133;D;").exec(text)?.[1] ?? "NaN");
  const r = field("633;R;").exec(text)?.[1];
  const c = text.indexOf(`${ESC}]133;C${sig}`);
  const observation = text
    .slice(c >= 0 ? c : 0, text.indexOf(`${ESC}]133;D;`))
    .replace(/\x1b\][0-9]+;[^\x07]*\x07/g, "")
    .replace(/\r\n/g, "\n");
  const now = Date.now();
  return {
    index,
    action,
    actionProblem: null,
    observationAnsi: observation,
    observation,
    exitCode,
    admissible: exitCode === 0,
    truncated: false,
    outputBytes: observation.length,
    promptAt: null,
    startedAt: now,
    endedAt: now,
    durationMs: 0,
    result: r ? JSON.parse(Buffer.from(r, "base64").toString("utf8")) : undefined,
  };
}
