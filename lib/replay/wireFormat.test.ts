import { describe, expect, it } from "vitest";
import { RecordingReceiver, decodeRecording, encodeRecording } from "./wireFormat";
import type { ReplayRecording } from "./types";

const rec: ReplayRecording = {
  cols: 100, rows: 30, lastSeq: 9, synthesized: false, stepSpans: null,
  snapshots: [{ pos: 2, cols: 100, rows: 30, data: "\x1b[31mx\n" }],
  events: [
    [0, "r", "100x30"], [0.5, "o", "$ "], [1, "o", "line\r\n\x1b[0m中文 🙂\n"], [1.5, "o", ""], [2, "o", "\ufffd end"],
  ],
};

describe("the recording's wire format", () => {
  it("gives back the same recording, newlines, escapes and non-BMP characters included", () => {
    expect(decodeRecording(encodeRecording(rec))).toEqual(rec);
  });

  it("survives the trip through UTF-8 bytes, as over HTTP", () => {
    const text = new TextDecoder().decode(Buffer.from(encodeRecording(rec), "utf8"));
    expect(decodeRecording(text)).toEqual(rec);
  });

  it("keeps the events apart when a lone surrogate becomes U+FFFD on the way", () => {
    const broken: ReplayRecording = { ...rec, events: [[0, "o", "a\ud800b"], [1, "o", "next"]] };
    const text = new TextDecoder().decode(Buffer.from(encodeRecording(broken), "utf8"));
    expect(decodeRecording(text).events).toEqual([[0, "o", "a\ufffdb"], [1, "o", "next"]]);
  });

  it("carries an empty recording", () => {
    const empty = { ...rec, events: [], snapshots: [] };
    expect(decodeRecording(encodeRecording(empty))).toEqual(empty);
  });

  it("refuses a damaged or foreign body", () => {
    expect(() => decodeRecording(encodeRecording(rec) + "x")).toThrow(/damaged/);
    expect(() => decodeRecording('{"v":9}\n')).toThrow(/version 9/);
    expect(() => decodeRecording("no header")).toThrow(/header/);
  });
});

describe("reading the recording as it arrives", () => {
  it("gives the same recording whatever the pieces, and says when events are in", async () => {
    const text = encodeRecording(rec);
    for (const size of [1, 2, 3, 7, 50, text.length]) {
      const r = new RecordingReceiver();
      const third = r.whenLoaded(3);
      let got3 = false;
      void third.then(() => (got3 = true));
      for (let i = 0; i < text.length; i += size) {
        r.feed(text.slice(i, i + size));
        await Promise.resolve();
        if (r.loaded < 3) expect(got3).toBe(false);
      }
      r.end();
      await third;
      expect(r.recording).toEqual(rec);
      expect(r.loaded).toBe(rec.events.length);
    }
  });

  it("counts events appended after the recording (a live page's) as there", async () => {
    const r = new RecordingReceiver();
    r.feed(encodeRecording(rec));
    r.recording!.events.push([9, "o", "live"]);
    await expect(r.whenLoaded(rec.events.length + 1)).resolves.toBeUndefined();
  });

  it("fails the waiters when the body is cut short", async () => {
    const text = encodeRecording(rec);
    const r = new RecordingReceiver();
    r.feed(text.slice(0, text.length - 3));
    const all = r.whenLoaded(rec.events.length);
    r.end();
    await expect(all).rejects.toThrow(/damaged/);
  });
});
