import { describe, expect, it } from "vitest";
import { CastRecorder } from "./CastRecorder";
import { castEventLine } from "./castEventLine";
import { parseCast } from "./parseCast";
import { serializeCast } from "./serializeCast";

const T0 = 1_700_000_000_123; // epoch ms

describe("CastRecorder", () => {
  it("numbers events in order with seconds since start, to the microsecond", () => {
    const rec = new CastRecorder();
    expect(rec.start(80, 24, T0)).toEqual({ seq: 0, time: 0, code: "r", data: "80x24" });
    expect(rec.output("$ ", T0 + 5.4321)).toEqual({ seq: 1, time: 0.005432, code: "o", data: "$ " });
    expect(rec.input("ls\r", T0 + 1500)).toEqual({ seq: 2, time: 1.5, code: "i", data: "ls\r" });
    expect(rec.marker("turn 0", T0 + 1501)).toEqual({ seq: 3, time: 1.501, code: "m", data: "turn 0" });
    expect(rec.resize(120, 40, T0 + 2000)).toEqual({ seq: 4, time: 2, code: "r", data: "120x40" });
    expect(rec.nextSeq).toBe(5);
  });

  it("never lets time go backwards when the clock does", () => {
    const rec = new CastRecorder();
    rec.start(80, 24, T0);
    expect(rec.output("a", T0 + 3000).time).toBe(3);
    expect(rec.output("b", T0 + 1000).time).toBe(3);
    expect(rec.output("c", T0 - 5000).time).toBe(3);
    expect(rec.output("d", T0 + 4000).time).toBe(4);
  });

  it("converts instants for a step's castStart and castEnd", () => {
    const rec = new CastRecorder();
    rec.start(80, 24, T0);
    expect(rec.timeOf(T0 + 12_345.6789)).toBe(12.345679);
    expect(rec.timeOf(T0 - 10)).toBe(0);
  });

  it("refuses to record before start, or to start twice", () => {
    const rec = new CastRecorder();
    expect(() => rec.output("x", T0)).toThrow(/not started/);
    rec.start(80, 24, T0);
    expect(() => rec.start(80, 24, T0)).toThrow(/already started/);
  });

  it("gives a header, and its rows make a file asciinema can play", () => {
    const rec = new CastRecorder();
    const rows = [rec.start(100, 30, T0), rec.output("hi\r\n", T0 + 250), rec.marker("turn 0", T0 + 300)];
    const header = rec.header({ title: "Episode 1", env: { TERM: "xterm-256color" } });
    expect(header).toEqual({
      version: 2,
      width: 100,
      height: 30,
      timestamp: 1_700_000_000,
      title: "Episode 1",
      env: { TERM: "xterm-256color" },
    });
    const file = serializeCast(
      header,
      rows.map((r) => [r.time, r.code, r.data]),
    );
    expect(file.split("\n")[2]).toBe(castEventLine([0.25, "o", "hi\r\n"]));
    expect(parseCast(file)).toEqual({
      header,
      events: [
        [0, "r", "100x30"],
        [0.25, "o", "hi\r\n"],
        [0.3, "m", "turn 0"],
      ],
      errors: [],
    });
  });
});
