import type { ReplayRecording, ScreenEvent, Snapshot } from "./types";

// How a recording travels to the page. JSON of 46,707 events with 11 MB of escape-laden data
// costs the browser far more to parse than to download, so: one JSON line with everything but
// the data (times, codes, byte lengths, where the snapshots are), then the UTF-8 bytes of every
// event and snapshot, in stream order: a snapshot of the screen after `pos` events comes right
// before event `pos`, so a seek waits only for the bytes up to where it goes. The page keeps
// the bytes as they come and decodes only the events a seek writes: 11 MB never becomes text
// before the page is interactive.

const VERSION = 2;
const NEWLINE = 10;

/**
 * Bytes of data after the header line that a finished episode's page reads first, preloaded
 * with its HTML; the rest is asked for once the first screen is drawn (or at once when a seek
 * needs it). Taken whole, 11 MB would pass through the page's main thread while it starts.
 */
export const FIRST_PART = 256 * 1024;

/** Where a page reads an episode's recording: a finished one's first part, a live one whole (it grows). */
export function recordingUrl(episodeId: string, live: boolean): string {
  return `/api/episodes/${episodeId}/events${live ? "" : `?first=${FIRST_PART}`}`;
}

/** Where a page reads the rest of a recording it has `bytesIn` bytes of, if the whole is still `size` long. */
export function restOfRecordingUrl(episodeId: string, bytesIn: number, size: number | null): string {
  return `/api/episodes/${episodeId}/events?from=${bytesIn}&size=${size}`;
}

/** The header line and the first `bytes` bytes of data after it. */
export function firstPart(recording: Uint8Array, bytes: number): Uint8Array {
  const nl = recording.indexOf(NEWLINE);
  return nl < 0 ? recording : recording.subarray(0, nl + 1 + bytes);
}

interface Head extends Omit<ReplayRecording, "events" | "snapshots"> {
  v: number;
  times: number[];
  /** One character per event: "o" or "r". */
  codes: string;
  /** Each event's data length in UTF-8 bytes. */
  lengths: number[];
  /** The snapshots without their data, which is in the stream (`length` bytes, before event `pos`). */
  snapshots: Array<Omit<Snapshot, "data"> & { length: number }>;
}

/** Where each event's and snapshot's bytes start in the data after the header line. */
interface Layout {
  eventAt: Float64Array;
  snapshotAt: Float64Array;
  /** Bytes of data in all. */
  size: number;
}

function layout(head: Head): Layout {
  const n = head.lengths.length;
  const eventAt = new Float64Array(n);
  const snapshotAt = new Float64Array(head.snapshots.length);
  let at = 0;
  let s = 0;
  for (let i = 0; i <= n; i++) {
    for (; s < head.snapshots.length && head.snapshots[s].pos <= i; s++) {
      snapshotAt[s] = at;
      at += head.snapshots[s].length;
    }
    if (i < n) {
      eventAt[i] = at;
      at += head.lengths[i];
    }
  }
  return { eventAt, snapshotAt, size: at };
}

/** The snapshots that have a place in the stream, by position. */
function inStreamOrder(snapshots: readonly Snapshot[], eventCount: number): Snapshot[] {
  return snapshots.filter((s) => s.pos >= 0 && s.pos <= eventCount).sort((a, b) => a.pos - b.pos);
}

export function encodeRecording(rec: ReplayRecording): Uint8Array {
  const { events, snapshots: unsorted, ...rest } = rec;
  const enc = new TextEncoder();
  const snapshots = inStreamOrder(unsorted, events.length).map((s) => ({ ...s, bytes: enc.encode(s.data) }));
  const data = events.map((e) => enc.encode(e[2]));
  const head: Head = {
    ...rest,
    v: VERSION,
    times: events.map((e) => e[0]),
    codes: events.map((e) => e[1]).join(""),
    lengths: data.map((d) => d.length),
    snapshots: snapshots.map(({ pos, cols, rows, bytes }) => ({ pos, cols, rows, length: bytes.length })),
  };
  const headBytes = enc.encode(`${JSON.stringify(head)}\n`);
  const parts: Uint8Array[] = [headBytes];
  let s = 0;
  for (let i = 0; i <= data.length; i++) {
    for (; s < snapshots.length && snapshots[s].pos <= i; s++) parts.push(snapshots[s].bytes);
    if (i < data.length) parts.push(data[i]);
  }
  return concat(parts);
}

export function decodeRecording(bytes: Uint8Array): ReplayRecording {
  const r = new RecordingReceiver();
  r.feed(bytes);
  r.end();
  if (r.error) throw r.error;
  r.decode(0, r.total);
  return r.recording!;
}

function parseHead(bytes: Uint8Array): Head {
  const head = JSON.parse(new TextDecoder().decode(bytes)) as Head;
  if (head.v !== VERSION) throw new Error(`replay recording version ${head.v}; this page reads ${VERSION}`);
  return head;
}

/**
 * Reads the format as it arrives, so the page can start before the last byte: the header gives
 * every event's time and length at once, the bytes fill in behind it and stay bytes until
 * `load(from, to)` asks for events as text (it waits for their bytes first).
 */
export class RecordingReceiver {
  recording: ReplayRecording | null = null;
  /** Events whose data has arrived, with every snapshot up to them (always the first ones). */
  loaded = 0;
  /** Events in this recording (the page may append live ones after them: those are there already). */
  total = 0;
  /** Each event's data length in bytes (what a seek costs is counted in them). */
  lengths: number[] = [];
  error: Error | null = null;
  /** Bytes of the body fed so far, the header line included (where a continuation starts). */
  bytesIn = 0;
  /** Called when a load waits for events that have not arrived. */
  onWant: (() => void) | null = null;
  private head: Uint8Array[] = [];
  private headLength = 0;
  private place: Layout | null = null;
  private snapshotLengths: number[] = [];
  private data = new Uint8Array(0);
  private received = 0;
  /** Snapshots whose data has arrived (they come in order). */
  private snapshotsIn = 0;
  private decoded = new Uint8Array(0);
  private decoder = new TextDecoder();
  private waiters: Array<{ n: number; resolve: () => void; reject: (e: Error) => void }> = [];

  /** The next piece of the body. */
  feed(chunk: Uint8Array): void {
    if (this.error) return;
    this.bytesIn += chunk.length;
    if (!this.place) {
      const nl = chunk.indexOf(NEWLINE);
      if (nl < 0) return void this.head.push(chunk);
      this.head.push(chunk.subarray(0, nl));
      this.headLength = this.bytesIn - (chunk.length - nl - 1);
      try {
        this.start(parseHead(concat(this.head)));
      } catch (err) {
        return this.fail(err as Error);
      }
      this.head = [];
      chunk = chunk.subarray(nl + 1);
    }
    if (this.received + chunk.length > this.data.length) return this.fail(new Error("replay recording damaged: it runs long"));
    this.data.set(chunk, this.received);
    this.received += chunk.length;
    this.advance();
  }

  /** The whole body's length in bytes, header line included (known once the header is in). */
  get size(): number | null {
    return this.place ? this.headLength + this.place.size : null;
  }

  /** Every byte of the recording is in. */
  get complete(): boolean {
    return this.place !== null && this.received >= this.place.size;
  }

  /** The body ended. */
  end(): void {
    if (!this.place) return this.fail(new Error("not a replay recording: no header line"));
    if (this.received < this.place.size) this.fail(new Error("replay recording damaged: it ended early"));
  }

  fail(err: Error): void {
    this.error ??= err;
    for (const w of this.waiters.splice(0)) w.reject(err);
  }

  /** Resolves once events [0, n) and the snapshots up to them are in. */
  whenLoaded(n: number): Promise<void> {
    if (this.error) return Promise.reject(this.error);
    if (this.recording) n = Math.min(n, this.total);
    if (this.loaded >= n) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ n, resolve, reject }));
  }

  /** Waits for events [0, to), then gives events [from, to) their text. */
  async load(from: number, to: number): Promise<void> {
    if (this.loaded < Math.min(to, this.total)) this.onWant?.();
    await this.whenLoaded(to);
    this.decode(from, to);
  }

  /** Events [from, to) as text, of those whose bytes have arrived. */
  decode(from: number, to: number): void {
    const events = this.recording?.events;
    if (!events || !this.place) return;
    const end = Math.min(to, this.loaded);
    for (let i = Math.max(0, from); i < end; i++) {
      if (this.decoded[i]) continue;
      const at = this.place.eventAt[i];
      events[i][2] = this.decoder.decode(this.data.subarray(at, at + this.lengths[i]));
      this.decoded[i] = 1;
    }
  }

  private start(head: Head): void {
    const { v: _v, times, codes, lengths, snapshots, ...rest } = head;
    this.place = layout(head);
    this.data = new Uint8Array(this.place.size);
    this.decoded = new Uint8Array(times.length);
    this.lengths = lengths;
    this.snapshotLengths = snapshots.map((s) => s.length);
    this.total = times.length;
    const events = times.map((t, i): ScreenEvent => [t, codes[i] === "r" ? "r" : "o", ""]);
    this.recording = { ...rest, events, snapshots: snapshots.map(({ pos, cols, rows }) => ({ pos, cols, rows, data: "" })) };
  }

  private advance(): void {
    const { eventAt, snapshotAt, size } = this.place!;
    // A snapshot is small and read whole by the seek that restores it: text as soon as it is in.
    const snapshots = this.recording!.snapshots;
    for (; this.snapshotsIn < snapshots.length; this.snapshotsIn++) {
      const at = snapshotAt[this.snapshotsIn];
      const end = at + this.snapshotLengths[this.snapshotsIn];
      if (end > this.received) break;
      snapshots[this.snapshotsIn].data = this.decoder.decode(this.data.subarray(at, end));
    }
    // Events [0, n) are in once the stream has reached event n (everything before it, snapshots included).
    const reached = (n: number) => (n < this.total ? eventAt[n] : size) <= this.received;
    while (this.loaded < this.total && reached(this.loaded + 1)) this.loaded++;
    this.waiters = this.waiters.filter((w) => (Math.min(w.n, this.total) <= this.loaded ? (w.resolve(), false) : true));
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
