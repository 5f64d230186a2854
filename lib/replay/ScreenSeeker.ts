import { upperBound } from "./bisect";
import { parseSize } from "./parseSize";
import type { ScreenEvent, Snapshot } from "./types";

/** The terminal a seeker draws on: xterm in the page, @xterm/headless on the server and in tests. */
export interface ScreenTerminal {
  /** Clears the screen, the scrollback and the modes (xterm's reset(); it keeps the parser's state, see CANCEL). */
  reset(): void;
  resize(cols: number, rows: number): void;
  /** Resolves once the data is parsed. */
  write(data: string): Promise<void>;
}

/** A seeker's screen on an xterm: the page's, or @xterm/headless (they share this much of their API). */
export function xtermScreen(t: {
  reset(): void;
  resize(cols: number, rows: number): void;
  write(data: string, parsed: () => void): void;
}): ScreenTerminal {
  return {
    reset: () => t.reset(),
    resize: (c, r) => t.resize(c, r),
    write: (data) => new Promise<void>((resolve) => t.write(data, resolve)),
  };
}

export interface SeekerOptions {
  /** What restoring a snapshot costs, in characters of output written (tests force restores with a negative cost). */
  restoreCost?: number;
  /**
   * A recording still arriving (RecordingReceiver): each event's data length (known before its
   * data), and `load(from, to)`, which resolves once events [0, to) are in and [from, to) are text.
   */
  loading?: { lengths: readonly number[]; load(from: number, to: number): Promise<void> };
}

/** How to get from what is on screen to `target` events: start from a snapshot (or a blank screen), or go on from here. */
export interface SeekPlan {
  /** null: write on from the current screen. */
  restore: Snapshot | "blank" | null;
  from: number;
  to: number;
}

/** The most written to the terminal at once. */
const MAX_WRITE = 1 << 20;
/** CAN ends any escape sequence a recording stopped in the middle of: xterm's reset() does not. */
const CANCEL = "\x18";
/** What restoring costs beyond the snapshot's own length, in characters of output written. */
const RESTORE_COST = 2048;
/** A turn's own output is kept in the scrollback (restored from before the turn) when that costs less than this. */
const KEEP_TURN_BUDGET = 256 * 1024;

/**
 * Puts the screen at any position of a recording: restore the nearest snapshot, then write the
 * events after it (STYLE §6), or just write on when that is cheaper. One seek at a time: the
 * caller (Player) queues them.
 */
export class ScreenSeeker {
  /** Events shown: the terminal holds the screen after events [0, pos). */
  pos = 0;
  private offsets: Float64Array;
  /** Where the recording's resizes are, in order. */
  private resizeAt: number[] = [];
  private snapPos: number[];
  private events: ScreenEvent[];
  private snapshots: Snapshot[];
  private readonly restoreCost: number;

  constructor(
    private readonly term: ScreenTerminal,
    private readonly size: { cols: number; rows: number },
    events: ScreenEvent[],
    snapshots: Snapshot[],
    private readonly opts: SeekerOptions = {},
  ) {
    this.restoreCost = opts.restoreCost ?? RESTORE_COST;
    this.events = events;
    this.snapshots = snapshots.filter((s) => s.pos > 0 && s.pos <= events.length).sort((a, b) => a.pos - b.pos);
    this.snapPos = this.snapshots.map((s) => s.pos);
    this.offsets = new Float64Array(0);
    this.index(0);
    // The terminal is blank: give it the recording's size before the first event is written.
    term.resize(size.cols, size.rows);
  }

  get eventCount(): number {
    return this.events.length;
  }

  /** Live episodes: more events arrived (the array given to the constructor has grown), or more snapshots. */
  grew(snapshots: Snapshot[] = []): void {
    this.index(this.offsets.length - 1);
    for (const s of snapshots) {
      if (s.pos > (this.snapPos[this.snapPos.length - 1] ?? 0) && s.pos <= this.events.length) {
        this.snapshots.push(s);
        this.snapPos.push(s.pos);
      }
    }
  }

  /** Characters of output in events [a, b). */
  cost(a: number, b: number): number {
    return this.offsets[b] - this.offsets[a];
  }

  /** Characters a plan writes: the snapshot it restores, if any, and the events after it. */
  written(p: SeekPlan): number {
    return (p.restore && p.restore !== "blank" ? p.restore.data.length : 0) + this.cost(p.from, p.to);
  }

  /**
   * The cheapest way to `target`. With `keepFrom` (the start of the selected turn), prefer a start
   * at or before it, so the turn's whole output is in the scrollback, when that is not much dearer.
   */
  plan(target: number, keepFrom?: number): SeekPlan {
    const to = Math.max(0, Math.min(target, this.events.length));
    const options: Array<{ plan: SeekPlan; cost: number }> = [];
    const add = (plan: SeekPlan) =>
      options.push({ plan, cost: (plan.restore && plan.restore !== "blank" ? this.restoreCost : 0) + this.written(plan) });
    if (to >= this.pos) add({ restore: null, from: this.pos, to });
    add({ restore: "blank", from: 0, to });
    const best = this.snapshotAtOrBefore(to);
    if (best) add({ restore: best, from: best.pos, to });
    if (keepFrom !== undefined && keepFrom < to) {
      const early = this.snapshotAtOrBefore(keepFrom);
      if (early && early !== best) add({ restore: early, from: early.pos, to });
      const keeping = options.filter((o) => o.plan.from <= keepFrom).sort((a, b) => a.cost - b.cost)[0];
      if (keeping && keeping.cost <= KEEP_TURN_BUDGET) return keeping.plan;
    }
    return options.sort((a, b) => a.cost - b.cost)[0].plan;
  }

  async seek(target: number, keepFrom?: number): Promise<void> {
    const p = this.plan(target, keepFrom);
    if (p.restore === null && p.from === p.to) return;
    // The screen stays as it is until the data needed has arrived.
    await this.opts.loading?.load(p.from, p.to);
    // One write per seek where possible: each write costs the terminal a turn of its event loop.
    let head = "";
    if (p.restore) {
      const from = p.restore === "blank" ? { ...this.size, data: "" } : p.restore;
      this.term.reset();
      // The sizes the terminal went through before the snapshot, too: xterm resizes the hidden
      // alternate screen with them, and how it then looks depends on that history.
      this.term.resize(this.size.cols, this.size.rows);
      for (const [cols, rows] of this.resizesBefore(p.restore === "blank" ? 0 : p.restore.pos)) this.term.resize(cols, rows);
      this.term.resize(from.cols, from.rows);
      head = CANCEL + from.data;
    }
    await this.writeEvents(head, p.from, p.to);
    this.pos = p.to;
  }

  /**
   * Writes `head`, then events [from, to); a resize splits the writing, since it must come between
   * parsed output, and so does every MAX_WRITE characters (xterm drops data beyond 50 MB pending).
   */
  private async writeEvents(head: string, from: number, to: number): Promise<void> {
    let chunk: string[] = head ? [head] : [];
    let size = head.length;
    for (let i = from; i < to; i++) {
      const [, code, data] = this.events[i];
      if (code === "o") {
        chunk.push(data);
        size += data.length;
        if (size >= MAX_WRITE) {
          await this.term.write(chunk.join(""));
          chunk = [];
          size = 0;
        }
      } else if (code === "r") {
        const dims = parseSize(data);
        if (!dims) continue;
        if (chunk.length) await this.term.write(chunk.join(""));
        chunk = [];
        size = 0;
        this.term.resize(dims.cols, dims.rows);
      }
    }
    if (chunk.length) await this.term.write(chunk.join(""));
  }

  private *resizesBefore(pos: number): Generator<[number, number]> {
    for (const i of this.resizeAt) {
      if (i >= pos) return;
      const dims = parseSize(this.events[i][2]);
      if (dims) yield [dims.cols, dims.rows];
    }
  }

  private snapshotAtOrBefore(pos: number): Snapshot | null {
    const i = upperBound(this.snapPos, pos) - 1;
    return i >= 0 ? this.snapshots[i] : null;
  }

  private index(from: number): void {
    const n = this.events.length;
    if (this.offsets.length === n + 1) return;
    const next = new Float64Array(n + 1);
    next.set(this.offsets.subarray(0, from + 1));
    const lengths = this.opts.loading?.lengths;
    for (let i = from; i < n; i++) {
      const e = this.events[i];
      if (e[1] === "r") this.resizeAt.push(i);
      next[i + 1] = next[i] + (e[1] === "o" ? (lengths && i < lengths.length ? lengths[i] : e[2].length) : 0);
    }
    this.offsets = next;
  }
}
