// The data a replay works on. Plain values only, so they travel as JSON from the server to the page.
import type { ReplayStepFields } from "../episodes/step";
import type { BestOfNView } from "./bestOfNView";

/** One screen event, as in asciicast v2: [seconds, code, data]. The replay keeps "o" (output) and "r" (resize "COLSxROWS"). */
export type ScreenEvent = [time: number, code: "o" | "r", data: string];

/** A terminal state that can be written back into a fresh terminal: the screen after the first `pos` events. */
export interface Snapshot {
  pos: number;
  cols: number;
  rows: number;
  /** Escape sequences that redraw the screen (xterm's serialize addon) plus the pen and cursor state. */
  data: string;
}

/** Where each step sits in the recording, in seconds (the Step row's castStart/castEnd). */
export interface StepSpan {
  castStart: number | null;
  castEnd: number | null;
}

/** One turn as the replay shows it. `index` is the 0-based Step.index; pages show index + 1. */
export interface ReplayStep extends StepSpan, Omit<ReplayStepFields, "search"> {
  /** A Best-of-N search, read through its schema by the server (listReplaySteps); null for other steps. */
  search?: BestOfNView | null;
}

/** What the page loads to draw the terminal: the screen events, snapshots to seek from, and how to resume live. */
export interface ReplayRecording {
  cols: number;
  rows: number;
  events: ScreenEvent[];
  snapshots: Snapshot[];
  /** The highest TerminalEvent.seq included (all codes), -1 when none: a live view resumes after it. */
  lastSeq: number;
  /** True when the episode had no terminal recording and this one was made from its steps. */
  synthesized: boolean;
  /** Synthesized only: each step's [castStart, castEnd] in this recording, by step order. */
  stepSpans: [number, number][] | null;
}
