import type { ReplayRecording, ScreenEvent } from "./types";

// How a recording travels to the page. JSON of 46,707 events with 11 MB of escape-laden data
// costs the browser far more to parse than to download, so: one JSON line with everything but
// the event data (times, codes, lengths, snapshots), then the data of all events, concatenated
// as they are. The page parses the small line and cuts the rest into strings (cheap slices).

const VERSION = 1;

interface Head extends Omit<ReplayRecording, "events"> {
  v: number;
  times: number[];
  /** One character per event: "o" or "r". */
  codes: string;
  /** Each event's data length in UTF-16 code units (JavaScript string length). */
  lengths: number[];
}

export function encodeRecording(rec: ReplayRecording): string {
  const { events, ...rest } = rec;
  const head: Head = {
    ...rest,
    v: VERSION,
    times: events.map((e) => e[0]),
    codes: events.map((e) => e[1]).join(""),
    lengths: events.map((e) => e[2].length),
  };
  return `${JSON.stringify(head)}\n${events.map((e) => e[2]).join("")}`;
}

export function decodeRecording(text: string): ReplayRecording {
  const nl = text.indexOf("\n");
  if (nl < 0) throw new Error("not a replay recording: no header line");
  const head = JSON.parse(text.slice(0, nl)) as Head;
  if (head.v !== VERSION) throw new Error(`replay recording version ${head.v}; this page reads ${VERSION}`);
  const { v: _v, times, codes, lengths, ...rest } = head;
  const events = new Array<ScreenEvent>(times.length);
  let at = nl + 1;
  for (let i = 0; i < times.length; i++) {
    events[i] = [times[i], codes[i] === "r" ? "r" : "o", text.slice(at, at + lengths[i])];
    at += lengths[i];
  }
  if (at !== text.length) throw new Error(`replay recording damaged: ${text.length - at} characters left over`);
  return { ...rest, events };
}

/**
 * Reads the same format as it arrives, so the page can start before the last byte: the header
 * gives every event's time and length at once, the data fills in behind it. `whenLoaded(n)`
 * resolves once the first n events have their data.
 */
export class RecordingReceiver {
  recording: ReplayRecording | null = null;
  /** Events whose data has arrived (always the first ones). */
  loaded = 0;
  /** Events in this recording (the page may append live ones after them: those are there already). */
  total = 0;
  lengths: number[] = [];
  private buf = "";
  private waiters: Array<{ n: number; resolve: () => void; reject: (e: Error) => void }> = [];
  private failed: Error | null = null;

  /** The next piece of the decoded text. */
  feed(text: string): void {
    this.buf += text;
    if (!this.recording) {
      const nl = this.buf.indexOf("\n");
      if (nl < 0) return;
      const head = JSON.parse(this.buf.slice(0, nl)) as Head;
      if (head.v !== VERSION) return this.fail(new Error(`replay recording version ${head.v}; this page reads ${VERSION}`));
      const { v: _v, times, codes, lengths, ...rest } = head;
      this.lengths = lengths;
      this.total = times.length;
      const events = times.map((t, i): ScreenEvent => [t, codes[i] === "r" ? "r" : "o", ""]);
      this.recording = { ...rest, events };
      this.buf = this.buf.slice(nl + 1);
    }
    const events = this.recording.events;
    let at = 0;
    while (this.loaded < this.total && this.buf.length - at >= this.lengths[this.loaded]) {
      const len = this.lengths[this.loaded];
      events[this.loaded][2] = this.buf.slice(at, at + len);
      at += len;
      this.loaded++;
    }
    this.buf = this.buf.slice(at);
    this.wake();
  }

  /** The body ended. */
  end(): void {
    if (!this.recording) return this.fail(new Error("not a replay recording: no header line"));
    if (this.loaded < this.total || this.buf.length) return this.fail(new Error("replay recording damaged: it ended early or ran long"));
  }

  fail(err: Error): void {
    this.failed = err;
    for (const w of this.waiters.splice(0)) w.reject(err);
  }

  whenLoaded(n: number): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    if (this.recording) n = Math.min(n, this.total);
    if (this.loaded >= n) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ n, resolve, reject }));
  }

  private wake(): void {
    this.waiters = this.waiters.filter((w) => (Math.min(w.n, this.total) <= this.loaded ? (w.resolve(), false) : true));
  }
}
