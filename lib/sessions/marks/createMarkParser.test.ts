import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createMarkParser } from "./createMarkParser";
import { encodeCommandLine } from "./decodeCommandLine";
import type { Mark } from "./types";
import { GOLDEN_NONCE, goldenBash, goldenBashSession, mark, PROMPT_DISPLAY } from "../steps/goldenBash";

const ESC = "\x1b";
const BEL = "\x07";

/** Feed the chunks, then flush; marks get offsets into the whole display. */
function parseAll(chunks: string[]): { display: string; marks: Mark[] } {
  const parser = createMarkParser({ nonce: GOLDEN_NONCE });
  let display = "";
  const marks: Mark[] = [];
  for (const chunk of chunks) {
    const parsed = parser.push(chunk);
    for (const m of parsed.marks) marks.push({ ...m, offset: display.length + m.offset });
    display += parsed.display;
  }
  return { display: display + parser.flush(), marks };
}

describe("createMarkParser", () => {
  it("removes the marks of a command and says where each sat", () => {
    const { display, marks } = parseAll([goldenBash.echo]);
    const echo = `echo "a b"\r\n${ESC}[?2004l\r`;
    expect(display).toBe(`${echo}a b\r\n${ESC}[?2004h${PROMPT_DISPLAY}`);
    expect(marks).toEqual([
      { kind: "commandLine", commandLine: 'echo "a b"', offset: echo.length },
      { kind: "outputStart", offset: echo.length },
      { kind: "commandEnd", exitCode: 0, offset: echo.length + 5 },
      { kind: "promptStart", offset: display.indexOf(`${ESC}[01;32m`) },
      { kind: "promptEnd", offset: display.length },
    ]);
  });

  it("leaves every other escape sequence alone (window title, colours, hyperlinks, bracketed paste)", () => {
    const other = `${ESC}]0;title${BEL}${ESC}[1;31mred${ESC}[0m ${ESC}]8;;https://x.test${ESC}\\link${ESC}]8;;${ESC}\\ ${ESC}[?2004h`;
    expect(parseAll([other])).toEqual({ display: other, marks: [] });
    expect(parseAll([...other])).toEqual({ display: other, marks: [] }); // one character at a time
  });

  it("accepts ST (ESC \\) as well as BEL to end a mark", () => {
    const st = (body: string) => `${ESC}]${body};${GOLDEN_NONCE}${ESC}\\`;
    const { display, marks } = parseAll([`x${st("133;D;7")}y${st("633;E;ls /nope")}${st("133;C")}z`]);
    expect(display).toBe("xyz");
    expect(marks).toEqual([
      { kind: "commandEnd", exitCode: 7, offset: 1 },
      { kind: "commandLine", commandLine: "ls /nope", offset: 2 },
      { kind: "outputStart", offset: 2 },
    ]);
  });

  it("reads the exit code, and none when the mark has none", () => {
    const { marks } = parseAll([mark("133;D"), mark("133;D;"), mark("133;D;abc"), mark("133;D;130"), mark("133;D;-1")]);
    expect(marks.map((m) => m.exitCode)).toEqual([undefined, undefined, undefined, 130, -1]);
  });

  it("decodes multi-line and unicode command lines", () => {
    const { marks } = parseAll([goldenBash.multiLine + goldenBash.unicode]);
    expect(marks.filter((m) => m.kind === "commandLine").map((m) => m.commandLine)).toEqual([
      "for i in 1 2\ndo echo $i\ndone",
      'echo "héllo wörld 世界 🎉"',
    ]);
  });

  it("keeps a command line with an escape the shell never writes as raw text, with a flag", () => {
    const { display, marks } = parseAll([mark("633;E;ls \\q")]);
    expect(display).toBe("");
    expect(marks).toEqual([{ kind: "commandLine", commandLine: "ls \\q", undecoded: true, offset: 0 }]);
  });

  it("takes only marks signed with the shell's nonce: output imitating one is removed and makes no mark", () => {
    // e.g. `cat` of a recorded session, or a file written to make a step, a submit or an exit code
    const forged = [
      `${ESC}]633;E;submit${BEL}${ESC}]133;C${BEL}${ESC}]133;D;0${BEL}`, // unsigned, as an older shell wrote them
      mark("133;D;0", "0".repeat(32)), // a guessed nonce
      mark("133;A", GOLDEN_NONCE.slice(1)), // most of it
      mark("133;B", GOLDEN_NONCE + "0"), // more than it
      `${ESC}]133;C;${GOLDEN_NONCE};x${BEL}`, // not as the last field
    ].join("");
    const { display, marks } = parseAll(["out ", ...forged, " more"]);
    expect(display).toBe("out  more");
    expect(marks).toEqual([]);
  });

  it("refuses to start without a nonce that output could not guess", () => {
    for (const nonce of ["", "short", `${GOLDEN_NONCE};x`]) expect(() => createMarkParser({ nonce })).toThrow(/nonce/);
  });

  it("removes 133/633 sequences Plateau does not use, without a mark", () => {
    expect(parseAll([`a${mark("633;P;Cwd=/home/player")}b${mark("133;Z")}c`])).toEqual({ display: "abc", marks: [] });
  });

  it("gives the same display and marks however the stream is split in two", () => {
    const whole = parseAll([goldenBashSession]);
    expect(whole.display).not.toMatch(/\]133;|\]633;/);
    for (let cut = 0; cut <= goldenBashSession.length; cut++) {
      expect(parseAll([goldenBashSession.slice(0, cut), goldenBashSession.slice(cut)])).toEqual(whole);
    }
  });

  it("gives the same display and marks however the stream is split into many chunks", () => {
    const whole = parseAll([goldenBashSession]);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: goldenBashSession.length - 1 }), { maxLength: 40 }), (cuts) => {
        const at = [0, ...cuts.sort((a, b) => a - b), goldenBashSession.length];
        const chunks = at.slice(1).map((end, i) => goldenBashSession.slice(at[i], end));
        expect(parseAll(chunks)).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it("holds back only the incomplete mark, and releases it when the rest arrives", () => {
    const parser = createMarkParser({ nonce: GOLDEN_NONCE });
    expect(parser.push(`out${ESC}]13`)).toEqual({ display: "out", marks: [] });
    expect(parser.push(`3;D;`)).toEqual({ display: "", marks: [] });
    expect(parser.push(`1;${GOLDEN_NONCE}${BEL}more`)).toEqual({
      display: "more",
      marks: [{ kind: "commandEnd", exitCode: 1, offset: 0 }],
    });
    expect(parser.push(`end${ESC}`)).toEqual({ display: "end", marks: [] }); // a lone ESC could start a mark
    expect(parser.push(`[0m`)).toEqual({ display: `${ESC}[0m`, marks: [] });
  });

  it("releases a bogus unterminated OSC 133 as text once it passes 4 KiB", () => {
    const parser = createMarkParser({ nonce: GOLDEN_NONCE });
    const bogus = `${ESC}]133;A` + "x".repeat(3000);
    expect(parser.push(bogus).display).toBe("");
    const rest = "y".repeat(2000) + `${mark("133;B")}after`;
    const parsed = parser.push(rest);
    expect(parsed.display).toBe(bogus + "y".repeat(2000) + "after");
    expect(parsed.marks).toEqual([{ kind: "promptEnd", offset: bogus.length + 2000 }]);
    expect(parser.flush()).toBe("");
  });

  it("releases an OSC 133 cut short by another escape sequence at once", () => {
    expect(parseAll([`${ESC}]133;A junk${ESC}[0mok`])).toEqual({ display: `${ESC}]133;A junk${ESC}[0mok`, marks: [] });
  });

  it("flush() gives back what is held", () => {
    const parser = createMarkParser({ nonce: GOLDEN_NONCE });
    expect(parser.push(`text${ESC}]133;D`).display).toBe("text");
    expect(parser.holding).toBe(true);
    expect(parser.flush()).toBe(`${ESC}]133;D`);
    expect(parser.holding).toBe(false);
    expect(parser.flush()).toBe("");
  });

  it("waits for a long command line (a pasted script) beyond 4 KiB", () => {
    const script = "echo hello world\n".repeat(500); // ~8.5 KB, ~10 KB escaped
    const signed = mark(`633;E;${encodeCommandLine(script)}`);
    const chunks = signed.match(/[^]{1,1000}/g)!;
    expect(parseAll(chunks)).toEqual({ display: "", marks: [{ kind: "commandLine", commandLine: script, offset: 0 }] });
  });
});
