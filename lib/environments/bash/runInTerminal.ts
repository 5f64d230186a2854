import type { Sandbox } from "../../sandbox/types";
import { createMarkParser } from "../../sessions/marks";
import { createStepSegmenter, type CompletedStep } from "../../sessions/steps";

// A command typed at the sandbox's login shell, as a player would: on a terminal (TERM, a TTY on
// stdin, carriage returns, job control), its observation cut from the marked stream as a step.

export interface TerminalRun {
  step: CompletedStep | null;
  timedOut: boolean;
}

const SIZE = { cols: 120, rows: 32 }; // an agent's terminal (SessionManager's default)

/** The keys that type an action: bracketed paste keeps a multi-line one a single command line (as LiveSession.runAction). */
export function typedAction(action: string): string {
  return action.includes("\n") ? `\x1b[200~${action}\x1b[201~\r` : `${action}\r`;
}

export async function runInTerminal(sandbox: Sandbox, command: string, timeoutMs: number, maxObservationBytes = 64 * 1024): Promise<TerminalRun> {
  const tty = await sandbox.attach(SIZE);
  const parser = createMarkParser({ nonce: tty.markNonce });
  const segmenter = createStepSegmenter({ maxObservationBytes, now: Date.now });
  let typed = false;
  let timedOut = false;
  const timers: NodeJS.Timeout[] = [];
  try {
    return await new Promise<TerminalRun>((resolve) => {
      tty.onExit(() => resolve({ step: null, timedOut }));
      tty.onData((chunk) => {
        for (const ev of segmenter.push(parser.push(chunk))) {
          if (ev.type === "prompt" && !typed) {
            typed = true;
            tty.write(typedAction(command));
            // Ctrl-C at the timeout, as a live session does; a shell that still hangs gives no step.
            timers.push(setTimeout(() => ((timedOut = true), tty.write("\x03")), timeoutMs));
            timers.push(setTimeout(() => resolve({ step: null, timedOut: true }), timeoutMs + 5_000));
          }
          if (ev.type === "stepCompleted") resolve({ step: ev.step, timedOut });
        }
      });
    });
  } finally {
    for (const t of timers) clearTimeout(t);
    tty.close();
  }
}
