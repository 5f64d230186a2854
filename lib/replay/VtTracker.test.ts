import { describe, expect, it } from "vitest";
import { VtTracker, unsafeForSavedCursor, type CursorOp } from "./VtTracker";

function track(...chunks: string[]) {
  const t = new VtTracker();
  for (const c of chunks) t.feed(c);
  return t;
}

describe("where a snapshot may be taken", () => {
  it.each([
    { name: "plain text", chunks: ["hello\r\n"], safe: true, suffix: "" },
    { name: "inside a CSI sequence", chunks: ["a\x1b[3"], safe: false },
    { name: "a CSI sequence finished in the next chunk", chunks: ["a\x1b[3", "1mred"], safe: true, suffix: "\x1b[31m" },
    { name: "inside an OSC title", chunks: ["\x1b]0;tit"], safe: false },
    { name: "an OSC title ended by ST", chunks: ["\x1b]0;t\x1b", "\\"], safe: true, suffix: "" },
    { name: "a lone ESC at the end", chunks: ["x\x1b"], safe: false },
    { name: "a pen reset clears the pen", chunks: ["\x1b[1m\x1b[31mX\x1b[0m"], safe: true, suffix: "" },
    { name: "pens accumulate", chunks: ["\x1b[1m", "\x1b[4;31m"], safe: true, suffix: "\x1b[1m\x1b[4;31m" },
    { name: "a reset inside a pen sequence starts over", chunks: ["\x1b[1m", "\x1b[0;32m"], safe: true, suffix: "\x1b[0;32m" },
    { name: "a scroll region", chunks: ["\x1b[2;10r"], safe: false },
    { name: "a scroll region reset", chunks: ["\x1b[2;10r", "\x1b[r"], safe: true },
    { name: "line drawing characters", chunks: ["\x1b(0"], safe: false },
    { name: "back to ASCII", chunks: ["\x1b(0qq\x1b(B"], safe: true },
    { name: "shifted out", chunks: ["\x0e"], safe: false },
    { name: "shift out inside a sequence still acts", chunks: ["\x1b[1\x0e;2H"], safe: false },
    { name: "a hidden cursor is written back", chunks: ["\x1b[?25l"], safe: true, suffix: "\x1b[?25l" },
    { name: "a shown cursor", chunks: ["\x1b[?25l", "\x1b[?25h"], safe: true, suffix: "" },
    { name: "a non-ASCII character ends a sequence, as in xterm", chunks: ["\x1b[1;4中"], safe: true, suffix: "" },
    { name: "an 8-bit CSI", chunks: ["\x9b1"], safe: false },
    { name: "a full reset forgets everything", chunks: ["\x1b[2;3r\x1b(0\x1b[?25l\x1b[1m", "\x1bc"], safe: true, suffix: "" },
    { name: "restoring the cursor restores its pen", chunks: ["\x1b7\x1b[31m", "\x1b8"], safe: true, suffix: "" },
    { name: "resized on the alternate screen", chunks: ["\x1b[?1049h"], resize: true, safe: false },
    {
      name: "left the alternate screen after a resize there",
      chunks: ["\x1b[?1049h"],
      resize: true,
      after: "\x1b[?1049l",
      safe: true,
    },
  ])("$name", ({ chunks, safe, suffix, resize, after }) => {
    const t = track(...chunks);
    if (resize) t.resized();
    if (after) t.feed(after);
    expect(t.safe()).toBe(safe);
    if (suffix !== undefined) expect(t.suffix()).toBe(suffix);
  });

  it("reports cursor saves and restores", () => {
    const t = new VtTracker();
    t.feed("\x1b7a\x1b[s\x1b[?1049h\x1b[?1049l\x1b8\x1b[u\x1bc");
    expect(t.cursorOps).toEqual(["S", "S", "S", "R", "R", "R", "X"]);
  });

  it("avoids points between a cursor save and the restore that uses it", () => {
    const ops: CursorOp[][] = [[], ["S"], [], [], ["R"], [], ["S"], ["X"], ["R"]];
    // point p lies after events [0, p)
    expect(unsafeForSavedCursor(ops)).toEqual([false, false, true, true, true, false, false, false, false, false]);
  });
});
