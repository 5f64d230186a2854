import { describe, expect, it } from "vitest";
import { decodeRecording, encodeRecording } from "./wireFormat";
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
