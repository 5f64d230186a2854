import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseCast } from "./parseCast";
import { serializeCast } from "./serializeCast";
import type { CastEvent } from "./types";

describe("parseCast", () => {
  const event = fc.tuple(
    fc.integer({ min: 0, max: 10_000_000_000 }).map((us) => us / 1e6),
    fc.constantFrom("o" as const, "i" as const, "m" as const),
    fc.string({ maxLength: 30 }),
  );

  it("reads back what serializeCast writes", () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (raw) => {
        const events = [...raw].sort((a, b) => a[0] - b[0]) as CastEvent[];
        const parsed = parseCast(serializeCast({ width: 80, height: 24, title: "t" }, events));
        expect(parsed).toEqual({ header: { version: 2, width: 80, height: 24, title: "t" }, events, errors: [] });
      }),
    );
  });

  it("reads a file asciinema wrote, keeping unknown header fields", () => {
    const file = [
      '{"version": 2, "width": 213, "height": 58, "timestamp": 1598000000, "idle_time_limit": 2.5, "env": {"SHELL": "/bin/zsh", "TERM": "xterm-256color"}, "theme": {"fg": "#d0d0d0"}}',
      '[0.248848, "o", "\\u001b[1;31mHello \\u001b[32mWorld!\\u001b[0m\\n"]',
      '[1.001376, "o", "That was ok\\rThis is better."]',
      '[1.5, "m", ""]',
      '[2.143733, "r", "100x50"]',
      "",
    ].join("\r\n");
    const { header, events, errors } = parseCast(file);
    expect(errors).toEqual([]);
    expect(header).toMatchObject({
      version: 2,
      width: 213,
      height: 58,
      timestamp: 1598000000,
      idle_time_limit: 2.5,
      theme: { fg: "#d0d0d0" },
    });
    expect(events.map((e) => e[1])).toEqual(["o", "o", "m", "r"]);
    expect(events[0][2]).toBe("\x1b[1;31mHello \x1b[32mWorld!\x1b[0m\n");
    expect(parseCast(serializeCast(header, events))).toEqual({ header, events, errors: [] });
  });

  it("rejects a bad header with a clear error", () => {
    expect(() => parseCast("")).toThrow("not an asciicast file: it is empty");
    expect(() => parseCast("hello\n")).toThrow("not an asciicast v2 file: line 1 (the header) is not JSON");
    expect(() => parseCast("[1, 2]\n")).toThrow(/is not a JSON object/);
    expect(() => parseCast('{"version": 1, "width": 80, "height": 24}')).toThrow(/version 1; only version 2 is supported/);
    expect(() => parseCast('{"version": 3, "term": {"cols": 80, "rows": 24}}')).toThrow(/version 3/);
    expect(() => parseCast('{"version": 2, "height": 24}')).toThrow(/width missing; expected a positive integer/);
    expect(() => parseCast('{"version": 2, "width": 80, "height": -1}')).toThrow(/height -1/);
  });

  it("skips bad event lines and says why, keeping the good ones", () => {
    const file = [
      '\ufeff{"version": 2, "width": 80, "height": 24, "title": 5}',
      '[0.1, "o", "ok"]',
      '[0.2, "o", "cut off',
      '{"time": 1}',
      '[-1, "o", "x"]',
      '["1", "o", "x"]',
      '[0.3, "x", "exit"]',
      '[0.4, "o", 42]',
      '[0.5, "r", "wide"]',
      "",
      '[0.6, "i", "ls\\r"]',
      '[0.55, "o", "late"]',
    ].join("\n");
    const { header, events, errors } = parseCast(file);
    expect(header).toEqual({ version: 2, width: 80, height: 24 });
    expect(events).toEqual([
      [0.1, "o", "ok"],
      [0.6, "i", "ls\r"],
      [0.6, "o", "late"],
    ]);
    expect(errors).toEqual([
      { line: 1, reason: "header title is not a string; ignored" },
      { line: 3, reason: "not JSON" },
      { line: 4, reason: "not an event: expected [time, code, data]" },
      { line: 5, reason: "bad time -1: expected seconds ≥ 0" },
      { line: 6, reason: 'bad time "1": expected seconds ≥ 0' },
      { line: 7, reason: 'unknown event code "x": expected o, i, r or m' },
      { line: 8, reason: 'bad data for "o": expected a string' },
      { line: 9, reason: 'bad resize "wide": expected COLSxROWS' },
      { line: 12, reason: "time 0.55 is before the previous event's 0.6; kept at 0.6" },
    ]);
  });
});
