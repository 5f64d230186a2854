import { mark as signedMark } from "../sessions/steps/goldenBash";
import { createWarmPool } from "./pool";
import type { Sandbox, SandboxDriver, Tty } from "./types";

// For the drivers' integration tests: a terminal's marks, and a line run at its prompt, alike on
// either driver.

/** A mark as this terminal's shell writes it: signed with its nonce. */
export const mark = (tty: Tty, body: string) => signedMark(body, tty.markNonce);

/** The image's prompt at /, marks included. */
export const promptOf = (tty: Tty) => `${mark(tty, "133;A")}player@plateau:/$ ${mark(tty, "133;B")}`;

/** Type `line` at the prompt; what the terminal showed until the prompt at / came back. */
export async function runAtPrompt(tty: Tty, line: string, timeoutMs = 5000): Promise<string> {
  let out = "";
  const listening = tty.onData((s) => (out += s));
  tty.write(`${line}\r`);
  try {
    for (const end = Date.now() + timeoutMs; !out.endsWith(promptOf(tty)); await new Promise((r) => setTimeout(r, 10))) {
      if (Date.now() > end) throw new Error(`no prompt after ${JSON.stringify(line)}; got ${JSON.stringify(out.slice(-300))}`);
    }
    return out;
  } finally {
    listening.dispose();
  }
}

/**
 * A sandbox whose terminal was started ahead (warm pool) attached with console variables: a fresh
 * terminal that has them; a name that is not a console variable is refused.
 */
export async function expectConsoleEnvOnWarm(
  driver: SandboxDriver,
  image: string,
  expect: (v: unknown) => { toContain(s: string): void },
): Promise<void> {
  const pool = createWarmPool(driver, image, 1);
  await pool.whenFull();
  const warm = await pool.take();
  try {
    await expectConsoleEnv(warm, expect);
  } finally {
    await warm.destroy();
    await pool.drain();
  }
}

async function expectConsoleEnv(sb: Sandbox, expect: (v: unknown) => { toContain(s: string): void }): Promise<void> {
  await expectRefused(sb.attach({ cols: 80, rows: 24 }, { env: { LD_PRELOAD: "/tmp/x.so" } }));
  const tty = await sb.attach({ cols: 80, rows: 24 }, { env: { PLATEAU_DB: "concert_singer" } });
  await firstPrompt(tty);
  expect(await runAtPrompt(tty, 'echo "[$PLATEAU_DB]"')).toContain("[concert_singer]");
  tty.close();
}

/**
 * Until a new terminal's first prompt is there: a line typed before it would have its echo come
 * before that prompt, and runAtPrompt would take the prompt for the line's end.
 */
export async function firstPrompt(tty: Tty): Promise<void> {
  let first = "";
  const listening = tty.onData((s) => (first += s));
  await until(
    () => first.endsWith(promptOf(tty)),
    10_000,
    () => first,
  ).finally(() => listening.dispose());
}

async function expectRefused(p: Promise<unknown>): Promise<void> {
  const r = await p.then(
    () => "started",
    (e: Error) => e.message,
  );
  if (!/not a console variable: LD_PRELOAD/.test(r)) throw new Error(`LD_PRELOAD was not refused: ${r}`);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Wait until `cond` holds; past `ms`, fail with what `show` says was seen. */
export async function until(cond: () => boolean, ms: number, show: () => string): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out; got ${JSON.stringify(show())}`);
    await sleep(5);
  }
}
