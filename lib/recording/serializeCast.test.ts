import { describe, expect, it } from "vitest";
import { castEventLine } from "./castEventLine";
import { castHeader } from "./castHeader";
import { serializeCast } from "./serializeCast";

describe("asciicast v2 writing", () => {
  it("writes a header line with only the fields given", () => {
    expect(castHeader({ width: 80, height: 24 })).toBe('{"version":2,"width":80,"height":24}');
    expect(
      JSON.parse(
        castHeader({
          width: 120,
          height: 40,
          timestamp: 1700000000.9,
          title: "Episode 7",
          env: { TERM: "xterm-256color", SHELL: "/bin/bash" },
        }),
      ),
    ).toEqual({
      version: 2,
      width: 120,
      height: 40,
      timestamp: 1700000000,
      title: "Episode 7",
      env: { TERM: "xterm-256color", SHELL: "/bin/bash" },
    });
  });

  it("refuses a size that is not a positive integer", () => {
    expect(() => castHeader({ width: 0, height: 24 })).toThrow(/width must be a positive integer/);
    expect(() => castHeader({ width: 80, height: 2.5 })).toThrow(/height/);
  });

  it("writes event lines as asciinema does, time to the microsecond, data escaped", () => {
    expect(castEventLine([1.2345678, "o", 'a\r\n\x1b[0m"é🎉'])).toBe('[1.234568, "o", "a\\r\\n\\u001b[0m\\"é🎉"]');
    expect(castEventLine([0, "r", "100x30"])).toBe('[0, "r", "100x30"]');
    expect(castEventLine([12, "m", "turn 3"])).toBe('[12, "m", "turn 3"]');
  });

  it("serializes a whole file, one line each, ending in a newline", () => {
    const text = serializeCast({ width: 80, height: 24 }, [
      [0.5, "o", "hi"],
      [1, "i", "ls\r"],
    ]);
    expect(text).toBe('{"version":2,"width":80,"height":24}\n[0.5, "o", "hi"]\n[1, "i", "ls\\r"]\n');
  });

  it("writes back header fields it does not know", () => {
    expect(castHeader({ width: 80, height: 24, idle_time_limit: 2, theme: { fg: "#fff" } })).toBe(
      '{"version":2,"width":80,"height":24,"idle_time_limit":2,"theme":{"fg":"#fff"}}',
    );
  });
});
