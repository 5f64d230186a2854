import { describe, expect, it } from "vitest";
import { RecordingReceiver, decodeRecording, encodeRecording, firstPart } from "./wireFormat";
import type { ReplayRecording } from "./types";

const rec: ReplayRecording = {
  cols: 100,
  rows: 30,
  lastSeq: 9,
  synthesized: false,
  stepSpans: null,
  snapshots: [{ pos: 2, cols: 100, rows: 30, data: "\x1b[31mx\n" }],
  events: [
    [0, "r", "100x30"],
    [0.5, "o", "$ "],
    [1, "o", "line\r\n\x1b[0m中文 🙂\n"],
    [1.5, "o", ""],
    [2, "o", "\ufffd end"],
  ],
};

describe("the recording's wire format", () => {
  it("gives back the same recording, newlines, escapes and non-BMP characters included", () => {
    expect(decodeRecording(encodeRecording(rec))).toEqual(rec);
  });

  it("keeps the events apart when a lone surrogate becomes U+FFFD on the way", () => {
    const broken: ReplayRecording = {
      ...rec,
      events: [
        [0, "o", "a\ud800b"],
        [1, "o", "next"],
      ],
      snapshots: [],
    };
    expect(decodeRecording(encodeRecording(broken)).events).toEqual([
      [0, "o", "a\ufffdb"],
      [1, "o", "next"],
    ]);
  });

  it("carries snapshots at the start and the end, in position order", () => {
    const snapshots = [{ ...rec.snapshots[0], pos: 5 }, { ...rec.snapshots[0], pos: 0, data: "first" }, rec.snapshots[0]];
    expect(decodeRecording(encodeRecording({ ...rec, snapshots })).snapshots.map((s) => [s.pos, s.data])).toEqual([
      [0, "first"],
      [2, rec.snapshots[0].data],
      [5, rec.snapshots[0].data],
    ]);
  });

  it("carries an empty recording", () => {
    const empty = { ...rec, events: [], snapshots: [] };
    expect(decodeRecording(encodeRecording(empty))).toEqual(empty);
  });

  it("refuses a damaged or foreign body", () => {
    const bytes = encodeRecording(rec);
    expect(() => decodeRecording(concat(bytes, utf8("x")))).toThrow(/damaged/);
    expect(() => decodeRecording(bytes.subarray(0, bytes.length - 1))).toThrow(/damaged/);
    expect(() => decodeRecording(utf8('{"v":9}\n'))).toThrow(/version 9/);
    expect(() => decodeRecording(utf8("no header"))).toThrow(/header/);
  });
});

describe("reading the recording as it arrives", () => {
  it("gives the same recording whatever the pieces, and says when events are in", async () => {
    const bytes = encodeRecording(rec);
    for (const size of [1, 2, 3, 7, 50, bytes.length]) {
      const r = new RecordingReceiver();
      const third = r.load(0, 3);
      let got3 = false;
      void third.then(() => (got3 = true));
      for (let i = 0; i < bytes.length; i += size) {
        r.feed(bytes.subarray(i, i + size));
        await Promise.resolve();
        await Promise.resolve();
        if (r.loaded < 3) expect(got3).toBe(false);
      }
      r.end();
      await third;
      // Only what was asked for is text; the snapshot before event 2 came with it.
      expect(r.recording!.events.slice(0, 3)).toEqual(rec.events.slice(0, 3));
      expect(r.recording!.events[3][2]).toBe("");
      expect(r.recording!.snapshots).toEqual(rec.snapshots);
      r.decode(0, rec.events.length);
      expect(r.recording).toEqual(rec);
      expect(r.loaded).toBe(rec.events.length);
    }
  });

  it("has a snapshot in before the events after it", async () => {
    const bytes = encodeRecording(rec);
    const r = new RecordingReceiver();
    for (let i = 0; i < bytes.length && r.loaded < 2; i++) r.feed(bytes.subarray(i, i + 1));
    expect(r.recording!.snapshots[0].data).toBe(rec.snapshots[0].data);
  });

  it("counts events appended after the recording (a live page's) as there", async () => {
    const r = new RecordingReceiver();
    r.feed(encodeRecording(rec));
    r.recording!.events.push([9, "o", "live"]);
    await r.load(0, rec.events.length + 1);
    expect(r.recording!.events.at(-1)).toEqual([9, "o", "live"]);
    await expect(r.whenLoaded(rec.events.length + 1)).resolves.toBeUndefined();
  });

  it("reads a recording in two parts: the header and the first bytes, then the rest from where it stopped", async () => {
    const bytes = encodeRecording(rec);
    const first = firstPart(bytes, 6); // "100x30": event 0 and no more
    expect(first.length).toBe(bytes.indexOf(10) + 1 + 6);
    const r = new RecordingReceiver();
    let wants = 0;
    r.onWant = () => wants++;
    r.feed(first);
    expect([r.loaded, r.complete, r.bytesIn, r.size]).toEqual([1, false, first.length, bytes.length]);
    // What has arrived is no reason to ask for more; an event beyond it is.
    await r.load(0, 1);
    expect(wants).toBe(0);
    const beyond = r.load(0, 4);
    expect(wants).toBe(1);
    r.feed(bytes.subarray(r.bytesIn));
    r.end();
    await beyond;
    expect(r.complete).toBe(true);
    r.decode(0, rec.events.length);
    expect(r.recording).toEqual(rec);
    // A first part longer than the data is the whole recording.
    expect(firstPart(bytes, bytes.length)).toEqual(bytes);
  });

  it("fails the waiters when the body is cut short", async () => {
    const bytes = encodeRecording(rec);
    const r = new RecordingReceiver();
    r.feed(bytes.subarray(0, bytes.length - 3));
    const all = r.whenLoaded(rec.events.length);
    r.end();
    await expect(all).rejects.toThrow(/damaged/);
  });
});

function utf8(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
