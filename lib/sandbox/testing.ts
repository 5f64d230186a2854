import { mark as signedMark } from "../sessions/steps/goldenBash";
import type { Tty } from "./types";

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
