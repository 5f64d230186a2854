// The states of a live episode as one explicit machine (STYLE §7, as lib/replay/playback.ts is for
// replay): a pure transition(state, event). LiveSession feeds it what the console's marks, the
// player and the clock say, and acts on the state it gets back; nothing else decides whether a
// command may be typed, whether the episode is busy, or when it is scored.

export type Phase =
  /** The console has not shown its first prompt yet. */
  | "starting"
  /** At the prompt: the player may type. */
  | "ready"
  /** A command runs (from its start to the next prompt). */
  | "running"
  /** An agent's incomplete action is being cancelled (until the prompt is back). */
  | "cancelling"
  /** The console exited (`exit`, Ctrl-D); a fresh one starts in the same sandbox. */
  | "restarting"
  /** Submitted: the reward is being computed and stored. */
  | "scoring"
  /** Skipped, abandoned, interrupted or failed: being stored. */
  | "ending"
  | "ended";

export interface SessionPhase {
  phase: Phase;
  /** Score as soon as the console is back at its prompt: submit was typed, or the turn limit scores as it stands. */
  submitDue: boolean;
  /** Why the player's input is refused (the turn limit, the episode ending); null: it is not. */
  blocked: string | null;
}

export type PhaseEvent =
  /** The console shows its prompt (133;B). */
  | { type: "prompt" }
  /** A command starts (133;C); `submit` when it is the environment's submit. */
  | { type: "commandStarted"; submit: boolean }
  /** An action run outside the terminal (`intercode` execution) starts. */
  | { type: "executing"; submit: boolean }
  /** A step is stored; `limit` when it used the last turn. */
  | { type: "stepCompleted"; limit: { reason: string; scoreAsItStands: boolean } | null }
  /** An agent's action left the console waiting for more: it is being cancelled. */
  | { type: "incomplete" }
  /** The console exited and a fresh one is starting (a console that cannot restart ends the episode: "end"). */
  | { type: "consoleExited" }
  | { type: "submit" }
  /** A submitted answer was wrong and the environment lets the player go on (CTF's flag): back at the prompt. */
  | { type: "goOn" }
  | { type: "end"; status: string }
  | { type: "ended" };

export const initialPhase: SessionPhase = { phase: "starting", submitDue: false, blocked: null };

const FINAL: ReadonlySet<Phase> = new Set(["scoring", "ending", "ended"]);

export function transition(s: SessionPhase, e: PhaseEvent): SessionPhase {
  if (s.phase === "ended") return s;
  // Only a submit's scoring (or an executed submit, still running) can go on; an ending never does.
  if (e.type === "goOn")
    return s.phase === "scoring" || s.phase === "running" ? { phase: "ready", submitDue: false, blocked: null } : s;
  if (FINAL.has(s.phase)) return e.type === "ended" ? { ...s, phase: "ended", submitDue: false } : s;
  switch (e.type) {
    case "prompt":
      return s.submitDue ? { phase: "scoring", submitDue: false, blocked: "Scoring…" } : { ...s, phase: "ready" };
    case "commandStarted":
    case "executing":
      return { ...s, phase: "running", submitDue: s.submitDue || e.submit };
    case "stepCompleted":
      return e.limit ? { ...s, blocked: e.limit.reason, submitDue: s.submitDue || e.limit.scoreAsItStands } : s;
    case "incomplete":
      return s.phase === "ready" ? { ...s, phase: "cancelling" } : s;
    case "consoleExited":
      return { ...s, phase: "restarting" };
    case "submit":
      return { phase: "scoring", submitDue: false, blocked: "Scoring…" };
    case "end":
      return { phase: "ending", submitDue: false, blocked: `The episode is ${e.status}.` };
    case "ended":
      return { ...s, phase: "ended", submitDue: false };
  }
}

/** A command is in flight: the page shows "running…", and an agent may not send the next action. */
export const isBusy = (s: SessionPhase): boolean => s.phase === "running" || s.phase === "cancelling" || s.phase === "restarting";

/** Whether the player's keys reach the console now (a blocked episode answers with the reason instead). */
export const takesInput = (s: SessionPhase): boolean => !FINAL.has(s.phase) && s.phase !== "restarting";
