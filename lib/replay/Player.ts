import { initialPlayback, transition, type PlaybackEvent, type PlaybackState } from "./playback";
import { ScreenSeeker, type ScreenTerminal, type SeekerOptions } from "./ScreenSeeker";
import { Timeline } from "./Timeline";
import type { ReplayRecording, ScreenEvent, Snapshot, StepSpan } from "./types";

/** The most a rehearsed seek may write (Player.rehearse); from the nearest snapshot (one every 8 K characters of output) a seek writes far less. */
const REHEARSAL_BUDGET = 512 * 1024;

/** Frames while playing: requestAnimationFrame in the page, a hand-driven clock in tests. */
export interface Clock {
  now(): number;
  /** Calls `fn` once, soon; returns a cancel function. */
  frame(fn: () => void): () => void;
}

/** What a view draws: the playback state and the recording's extent. Replaced (never mutated) on change. */
export interface PlayerView {
  state: PlaybackState;
  duration: number;
  turnCount: number;
  eventCount: number;
  live: boolean;
}

export interface PlayerOptions {
  recording: ReplayRecording;
  steps: readonly StepSpan[];
  live: boolean;
  screen: ScreenTerminal;
  clock: Clock;
  /** Open at this turn (a deep link); otherwise at the start, or following a live episode. */
  turn?: number;
  speed?: number;
  idleCap?: number | null;
  /** The recording is still arriving (RecordingReceiver): seeks wait for the data they need. */
  loading?: SeekerOptions["loading"];
}

/**
 * Drives one replay: the playback state machine, the clock while playing, and the screen, which
 * it brings to the state's position one seek at a time (STYLE §7: seeks never interleave, and
 * only the newest wanted position is drawn when several come in while one is being drawn).
 */
export class Player {
  readonly timeline: Timeline;
  private readonly seeker: ScreenSeeker;
  private readonly events: ScreenEvent[];
  private state: PlaybackState;
  private view: PlayerView;
  private listeners = new Set<() => void>();
  private keepFrom: number | undefined;
  private drawing = false;
  private idle: Array<() => void> = [];
  private cancelFrame: (() => void) | null = null;
  private lastFrame = 0;
  private disposed = false;

  constructor(private readonly o: PlayerOptions) {
    this.events = o.recording.events;
    this.timeline = new Timeline(
      this.events.map((e) => e[0]),
      o.steps,
      o.live,
    );
    this.seeker = new ScreenSeeker(o.screen, o.recording, this.events, o.recording.snapshots, { loading: o.loading });
    this.state = initialPlayback({ speed: o.speed, idleCap: o.idleCap });
    this.view = this.makeView();
    this.dispatch({ type: "loaded", turn: o.turn });
  }

  getView = (): PlayerView => this.view;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  dispatch(event: PlaybackEvent): void {
    if (this.disposed) return;
    const before = this.state;
    const next = transition(before, event, this.timeline);
    const turnMove =
      event.type === "seekTurn" || event.type === "nextTurn" || event.type === "prevTurn" || event.type === "loaded";
    this.state = next;
    if (next.pos !== this.seeker.pos || next !== before) {
      this.keepFrom = turnMove && next.turn > 0 ? this.timeline.turnEnd(next.turn - 1) : undefined;
      void this.draw();
    }
    if (next.status === "playing" && before.status !== "playing") this.startFrames();
    this.publish();
  }

  /** Resolves once the screen shows the current position. */
  settled(): Promise<void> {
    if (!this.drawing && this.seeker.pos === this.state.pos) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** A live episode's new screen events (in seq order), and snapshots the server made of them. */
  append(events: readonly ScreenEvent[], snapshots: Snapshot[] = []): void {
    if (!events.length) return;
    for (const e of events) this.events.push(e);
    this.timeline.appendEvents(events.map((e) => e[0]));
    this.seeker.grew(snapshots);
    this.dispatch({ type: "grew" });
  }

  /** Live steps arrived or changed (castEnd filled in), by index. */
  setSteps(updates: ReadonlyArray<readonly [index: number, span: StepSpan]>): void {
    if (this.timeline.setSteps(updates)) this.dispatch({ type: "grew" });
  }

  /**
   * Seeks a scratch terminal to a few positions through the recording, so the first seek a person
   * makes runs warm code: cold, the first ones took 30–80 ms against ~16 (the parser's and the
   * seeker's code compiled and optimized on first use); after three rehearsed seeks the first real
   * one took 16. The page's screen, position and listeners are not touched. `pause` runs between
   * seeks (the page waits for an idle moment there).
   */
  async rehearse(scratch: ScreenTerminal, pause: () => Promise<void> = async () => {}, budget = REHEARSAL_BUDGET): Promise<void> {
    const n = this.events.length;
    if (n < 2) return;
    const seeker = new ScreenSeeker(scratch, this.o.recording, this.events, this.o.recording.snapshots, {
      loading: this.o.loading,
    });
    for (const at of [0.37, 0.71, 0.93]) {
      await pause();
      if (this.disposed) return;
      // A long recording without snapshots would cost a rehearsal most of its output: skipped.
      const plan = seeker.plan(Math.floor(n * at));
      if (seeker.written(plan) <= budget) await seeker.seek(plan.to);
    }
  }

  /** The live episode ended. */
  ended(): void {
    this.timeline.live = false;
    this.dispatch({ type: "ended" });
  }

  dispose(): void {
    this.disposed = true;
    this.cancelFrame?.();
    this.listeners.clear();
    for (const r of this.idle.splice(0)) r();
  }

  private async draw(): Promise<void> {
    if (this.drawing) return;
    this.drawing = true;
    try {
      while (!this.disposed && this.seeker.pos !== this.state.pos) {
        await this.seeker.seek(this.state.pos, this.keepFrom);
      }
    } catch (err) {
      // A terminal disposed mid-seek (the page closed): nothing left to draw on.
      if (!this.disposed) console.error("replay: drawing the screen failed", err);
    } finally {
      this.drawing = false;
      for (const r of this.idle.splice(0)) r();
    }
  }

  private startFrames(): void {
    this.cancelFrame?.();
    this.lastFrame = this.o.clock.now();
    const frame = () => {
      if (this.disposed || this.state.status !== "playing") {
        this.cancelFrame = null;
        return;
      }
      const now = this.o.clock.now();
      const ms = now - this.lastFrame;
      this.lastFrame = now;
      this.dispatch({ type: "tick", ms });
      if (this.state.status === "playing") this.cancelFrame = this.o.clock.frame(frame);
    };
    this.cancelFrame = this.o.clock.frame(frame);
  }

  private publish(): void {
    const v = this.view;
    const s = this.state;
    const duration = this.timeline.duration(s.idleCap);
    if (
      v.state === s &&
      v.duration === duration &&
      v.turnCount === this.timeline.turnCount &&
      v.eventCount === this.events.length &&
      v.live === this.timeline.live
    )
      return;
    this.view = this.makeView();
    for (const fn of this.listeners) fn();
  }

  private makeView(): PlayerView {
    return {
      state: this.state,
      duration: this.timeline.duration(this.state.idleCap),
      turnCount: this.timeline.turnCount,
      eventCount: this.events.length,
      live: this.timeline.live,
    };
  }
}
