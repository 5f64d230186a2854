import type { Console } from "../../sessions/console";
import type { CompletedStep } from "../../sessions/steps";
import { pythonResultOf } from "./stepResult";
import { isPythonSubmit } from "../isSubmit";

const PASTE_START = "\x1b[200~";
const PASTE_END = "\x1b[201~";

/** The function named after `submit`, or null for a bare `submit`. */
export function submittedName(action: string): string | null {
  return /^\s*submit\s+(\S+)\s*$/.exec(action)?.[1] ?? null;
}

/**
 * An agent's action as typed: a bracketed paste, so the console reads the whole snippet as one input
 * (blank lines inside a function included) and runs it at once; the newline inside the paste tells
 * the console the input is complete, so it never waits at `... ` for an agent.
 */
export function typePythonAction(action: string): string {
  const text = action.replace(/\r\n?/g, "\n").replace(/\n+$/, "");
  return `${PASTE_START}${text.replaceAll(PASTE_END, "")}\n${PASTE_END}\r`;
}

/** What an agent is told: InterCode's observation (the repr of its dict) for code, the report for `test`. */
export function pythonObservation(step: CompletedStep): string {
  const result = pythonResultOf(step);
  return result?.kind === "code" ? result.observation : step.observation;
}

export const pythonConsole: Console = {
  typeAction: typePythonAction,
  isSubmit: isPythonSubmit,
  async forceStop(sandbox) {
    // the console itself ignores no Ctrl-C, the player's code can: the console restarts, state lost
    await sandbox.exec(["pkill", "-KILL", "-u", "player"], { timeoutMs: 5000 });
  },
  observationOf: pythonObservation,
  onExit: "restart",
};
