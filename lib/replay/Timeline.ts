import { alignSteps, turnAt } from "./alignSteps";
import { upperBound } from "./bisect";
import type { StepSpan } from "./types";

/** What the playback state machine needs to know about a recording (see playback.ts). */
export interface TimelineView {
  readonly eventCount: number;
  readonly turnCount: number;
  /** The episode is still being played: events and steps may arrive. */
  readonly live: boolean;
  /** Length in playback seconds, with idle gaps longer than `idleCap` shortened to it. */
  duration(idleCap: number | null): number;
  /** Playback time once `pos` events are shown. */
  timeAt(pos: number, idleCap: number | null): number;
  /** How many events are shown at playback time `t`. */
  posAt(t: number, idleCap: number | null): number;
  /** Events shown once turn k is done (k = 0: before the first turn). */
  turnEnd(k: number): number;
  /** The turn a playhead at `pos` is in (or has just finished). */
  turnAt(pos: number): number;
}

/**
 * The times of a recording's events and where its turns end. Append-only, so a live episode can
 * grow; playback times with an idle cap are computed once per cap and extended as events arrive.
 */
export class Timeline implements TimelineView {
  private times: number[] = [];
  private spans: StepSpan[] = [];
  private ends: number[] = [0];
  private capped = new Map<number, number[]>();
  live: boolean;

  constructor(times: readonly number[], steps: readonly StepSpan[], live = false) {
    this.times = times.slice();
    this.spans = steps.slice();
    this.live = live;
    this.realign();
  }

  get eventCount(): number {
    return this.times.length;
  }

  get turnCount(): number {
    return this.ends.length - 1;
  }

  /** The end of every turn, as event counts (see alignSteps). */
  get turnEnds(): readonly number[] {
    return this.ends;
  }

  /** Recorded seconds of event i (no idle cap). */
  rawTime(i: number): number {
    return this.times[i] ?? 0;
  }

  appendEvents(times: readonly number[]): void {
    for (const t of times) this.times.push(Math.max(t, this.times[this.times.length - 1] ?? 0));
    this.realign();
  }

  /** Adds or replaces steps by index (live steps arriving, a castEnd filled in); true when anything moved. */
  setSteps(updates: ReadonlyArray<readonly [index: number, span: StepSpan]>): boolean {
    let changed = false;
    for (const [index, span] of updates) {
      const old = this.spans[index];
      if (old && old.castStart === span.castStart && old.castEnd === span.castEnd) continue;
      this.spans[index] = { castStart: span.castStart, castEnd: span.castEnd };
      changed = true;
    }
    if (!changed) return false;
    for (let i = 0; i < this.spans.length; i++) this.spans[i] ??= { castStart: null, castEnd: null };
    this.realign();
    return true;
  }

  duration(idleCap: number | null): number {
    return this.timeAt(this.times.length, idleCap);
  }

  timeAt(pos: number, idleCap: number | null): number {
    if (pos <= 0) return 0;
    const t = this.playTimes(idleCap);
    return t[Math.min(pos, t.length) - 1];
  }

  posAt(t: number, idleCap: number | null): number {
    return upperBound(this.playTimes(idleCap), t);
  }

  turnEnd(k: number): number {
    return this.ends[Math.max(0, Math.min(k, this.ends.length - 1))];
  }

  turnAt(pos: number): number {
    return turnAt(this.ends, pos);
  }

  private realign(): void {
    this.ends = alignSteps(this.times, this.spans);
  }

  /** Event times on the playback clock: a gap longer than the cap counts as the cap. */
  private playTimes(cap: number | null): number[] {
    if (cap === null || !(cap > 0)) return this.times;
    let t = this.capped.get(cap);
    if (!t) {
      t = [];
      this.capped.set(cap, t);
    }
    for (let i = t.length; i < this.times.length; i++) {
      const gap = this.times[i] - (i > 0 ? this.times[i - 1] : 0);
      t.push((i > 0 ? t[i - 1] : 0) + Math.min(gap, cap));
    }
    return t;
  }
}
