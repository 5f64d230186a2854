import { lowerBound, upperBound } from "./bisect";
import type { StepSpan } from "./types";

/**
 * Where each turn ends in the recording, as a count of events: `ends[0]` is everything before the
 * first command starts (the first prompt), `ends[k]` the screen once turn k (1-based) is done.
 * The events of turn k are `[ends[k-1], ends[k])`: its prompt, the typed command, its output.
 *
 * A turn ends at its castEnd (events at that very time included, so the next prompt printed in the
 * same chunk shows); without one, just before the next turn's castStart; the last turn without
 * one runs to the end. A turn with neither ends where the previous one did. Ends never go back.
 */
export function alignSteps(times: ArrayLike<number>, steps: readonly StepSpan[]): number[] {
  const n = steps.length;
  const ends = new Array<number>(n + 1);
  const first = steps[0]?.castStart;
  ends[0] = n > 0 && first != null ? lowerBound(times, first) : n > 0 ? 0 : times.length;
  for (let k = 1; k <= n; k++) {
    const step = steps[k - 1];
    const next = steps[k]?.castStart;
    let end: number;
    if (step.castEnd != null) end = upperBound(times, step.castEnd);
    else if (next != null) end = lowerBound(times, next);
    else if (k === n) end = times.length;
    else end = ends[k - 1];
    ends[k] = Math.max(end, ends[k - 1]);
  }
  return ends;
}

/** The turn (0..n) a playhead at `pos` events belongs to: the first whose end is at or after it (n past the last). */
export function turnAt(ends: readonly number[], pos: number): number {
  const k = lowerBound(ends, pos);
  return Math.min(k, ends.length - 1);
}
