import { describe, expect, it } from "vitest";
import type { Sandbox, Tty } from "../../sandbox/types";
import { encodeCommandLine } from "../../sessions/marks";
import { GOLDEN_NONCE, mark } from "../../sessions/steps/goldenBash";
import { runInTerminal, typedAction } from "./runInTerminal";

const ESC = "\x1b";
const PROMPT = `${mark("133;A")}player@plateau:/$ ${mark("133;B")}`;

/** A login shell that answers each typed line with `reply(line)` wrapped in the shell's marks. */
function fakeSandbox(reply: (line: string) => { output: string; exitCode: number } | null) {
  const typed: string[] = [];
  let closed = false;
  let listener: (chunk: string) => void = () => {};
  const tty: Tty = {
    markNonce: GOLDEN_NONCE,
    write(data) {
      typed.push(data);
      if (data === "\x03") return void listener(`^C\r\n${mark("133;D;130")}${PROMPT}`);
      const line = data.replace(/^\x1b\[200~|\x1b\[201~\r$|\r$/g, "");
      const r = reply(line);
      const started = `${line}\r\n${mark(`633;E;${encodeCommandLine(line)}`)}${mark("133;C")}`;
      if (r) listener(`${started}${r.output}${mark(`133;D;${r.exitCode}`)}${PROMPT}`);
      else listener(started); // still running
    },
    resize() {},
    onData(l) {
      listener = l;
      setTimeout(() => l(`Welcome\r\n${PROMPT}`), 1);
      return { dispose() {} };
    },
    onExit: () => ({ dispose() {} }),
    pause() {},
    resume() {},
    close: () => void (closed = true),
  };
  const sandbox = { attach: async () => tty } as unknown as Sandbox;
  return { sandbox, typed, closed: () => closed };
}

describe("runInTerminal", () => {
  it("types the command at the first prompt and gives its step: plain observation, exit code; then closes the terminal", async () => {
    const fake = fakeSandbox(() => ({ output: `${ESC}[01;34mdir${ESC}[0m\r\nline\rLINE\r\n`, exitCode: 2 }));
    const run = await runInTerminal(fake.sandbox, "ls /x", 10_000);
    expect(fake.typed).toEqual(["ls /x\r"]);
    expect(run.timedOut).toBe(false);
    expect(run.step).toMatchObject({ action: "ls /x", observation: "dir\nLINE\n", exitCode: 2 });
    expect(fake.closed()).toBe(true);
  });

  it("pastes a multi-line command as one command line, as a live session types it", () => {
    expect(typedAction("for i in 1 2\ndo echo $i\ndone")).toBe(`${ESC}[200~for i in 1 2\ndo echo $i\ndone${ESC}[201~\r`);
    expect(typedAction("ls")).toBe("ls\r");
  });

  it("sends Ctrl-C at the timeout and gives the interrupted step", async () => {
    const fake = fakeSandbox(() => null);
    const run = await runInTerminal(fake.sandbox, "sleep 100", 20);
    expect(fake.typed).toEqual(["sleep 100\r", "\x03"]);
    expect(run).toMatchObject({ timedOut: true, step: { action: "sleep 100", exitCode: 130 } });
  });
});
