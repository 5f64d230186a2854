import { castTime } from "./castTime";
import type { CastCode, CastHeader, CastHeaderInput, RecordedEvent } from "./types";

/**
 * Turns what happens on a live terminal into asciicast v2 events, numbered in order, so the
 * caller can store each row as it happens. Times are seconds since start(), rounded to
 * microseconds and never going backwards (a clock step back keeps the previous time). It batches
 * and coalesces nothing. `at` is epoch milliseconds (Date.now()).
 */
export class CastRecorder {
  private startAt: number | null = null;
  private size = { width: 0, height: 0 };
  private seq = 0;
  private last = 0;

  /** Starts the recording; its first event is the initial size (an "r" event at time 0). */
  start(width: number, height: number, at: number): RecordedEvent {
    if (this.startAt !== null) throw new Error("the recording has already started");
    this.startAt = at;
    this.size = { width, height };
    return this.event("r", `${width}x${height}`, at);
  }

  output(data: string, at: number): RecordedEvent {
    return this.event("o", data, at);
  }

  input(data: string, at: number): RecordedEvent {
    return this.event("i", data, at);
  }

  resize(cols: number, rows: number, at: number): RecordedEvent {
    return this.event("r", `${cols}x${rows}`, at);
  }

  marker(label: string, at: number): RecordedEvent {
    return this.event("m", label, at);
  }

  /** Seconds into the recording of an epoch-ms instant (for a step's castStart/castEnd). */
  timeOf(at: number): number {
    if (this.startAt === null) throw new Error("the recording has not started");
    return castTime(Math.max(0, at - this.startAt) / 1000);
  }

  /** The asciicast header for this recording (the size given to start()). */
  header(extra: Omit<CastHeaderInput, "width" | "height"> = {}): CastHeader {
    if (this.startAt === null) throw new Error("the recording has not started");
    const h: CastHeader = { version: 2, ...this.size, timestamp: Math.floor(this.startAt / 1000) };
    if (extra.timestamp !== undefined) h.timestamp = extra.timestamp;
    if (extra.title !== undefined) h.title = extra.title;
    if (extra.env !== undefined) h.env = extra.env;
    return h;
  }

  /** The seq number the next event will get. */
  get nextSeq(): number {
    return this.seq;
  }

  private event(code: CastCode, data: string, at: number): RecordedEvent {
    const time = Math.max(this.last, this.timeOf(at));
    this.last = time;
    return { seq: this.seq++, time, code, data };
  }
}
