import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { plainText } from "./plainText";

const ESC = "\x1b";

// Golden pairs: terminal output as programs write it → what a reader sees.
const golden: Array<[name: string, ansi: string, plain: string]> = [
  ["plain text is unchanged", "hello\n", "hello\n"],
  ["\\r\\n becomes \\n", "one\r\ntwo\r\n", "one\ntwo\n"],
  ["no final newline stays so", "a\r\nb", "a\nb"],
  ["SGR colours go", `${ESC}[0m${ESC}[01;34mdir${ESC}[0m  file.txt\r\n`, "dir  file.txt\n"],
  ["256-colour and truecolour SGR go", `${ESC}[38;5;208mo${ESC}[38;2;1;2;3mk${ESC}[m\n`, "ok\n"],
  ["a progress bar keeps its final state", "[#   ] 10%\r[##  ] 50%\r[####] 100%\r\n", "[####] 100%\n"],
  ["erase-in-line redraws (curl, pip)", `\r${ESC}[K 10%\r${ESC}[K 100%\n`, " 100%\n"],
  ["a shorter redraw leaves the tail unless erased", "abcdef\rxy\n", "xycdef\n"],
  ["erase whole line", `abcdef\r${ESC}[2Kxy\n`, "xy\n"],
  ["erase to the start of the line", `abcdef${ESC}[1K\n`, "\n"],
  ["backspace overwrites", "abc\b\bX\n", "aXc\n"],
  ["backspace past the start stops there", "\b\b\bab\n", "ab\n"],
  ["cursor left, right and column moves", `abc${ESC}[2DX${ESC}[3Cy${ESC}[1GZ\n`, "ZXc  y\n"],
  [
    "OSC (title, hyperlink) with BEL or ST goes",
    `${ESC}]0;title\x07${ESC}]8;;https://x${ESC}\\link${ESC}]8;;${ESC}\\\n`,
    "link\n",
  ],
  ["DCS, APC and PM strings go", `a${ESC}Pq#0;2;0;0;0${ESC}\\b${ESC}_apc${ESC}\\c${ESC}^pm${ESC}\\d\n`, "abcd\n"],
  ["charset selects and other ESC sequences go", `${ESC}(B${ESC})0${ESC}#8${ESC}7${ESC}=a${ESC}8${ESC}>b${ESC}M\n`, "ab\n"],
  ["private modes (bracketed paste, cursor) go", `${ESC}[?2004l\r${ESC}[?25lok${ESC}[?25h${ESC}[0 q\n`, "ok\n"],
  ["C1 CSI goes", "\x9b1mbold\x9b0m\n", "bold\n"],
  ["BEL, NUL, SO/SI and DEL go", "a\x07b\x00c\x0ed\x0fe\x7f\n", "abcde\n"],
  ["tabs stay", "a\tb\n", "a\tb\n"],
  ["trailing blanks of each line go", "abc   \r\n   \r\nx  ", "abc\n\nx"],
  ["unicode, wide and astral characters stay", "héllo wörld 世界 🎉\r\n", "héllo wörld 世界 🎉\n"],
  ["an astral character overwrites one cell", "ab\r🎉\n", "🎉b\n"],
  ["an unterminated sequence at the end goes", `done\r\n${ESC}[38;5`, "done\n"],
  ["an unterminated OSC at the end goes", `done${ESC}]0;tit`, "done"],
  ["a lone ESC at the end goes", `done${ESC}`, "done"],
  ["only escapes: empty", `${ESC}[?2004h${ESC}[0m`, ""],
  ["empty", "", ""],
  ["the ^C a terminal echoes stays", "^C\r\n", "^C\n"],
  ["\\r\\r\\n ends a line once", "a\r\r\nb", "a\nb"],
  ["a cursor move far right pads to 1024 columns at most", `a${ESC}[999999999Cb\n`, `a${" ".repeat(1023)}b\n`],
];

describe("plainText", () => {
  it.each(golden)("%s", (_name, ansi, plain) => {
    expect(plainText(ansi)).toBe(plain);
  });

  it("never leaves an ESC or a C0 control other than \\n and \\t, and never grows", () => {
    const pieces = fc.constantFrom(
      "a",
      "é",
      "世",
      "🎉",
      " ",
      "\r",
      "\n",
      "\b",
      "\t",
      "\x07",
      ESC,
      "[",
      "]",
      "0",
      ";",
      "m",
      "K",
      "\\",
      "(",
      "B",
      "\x9b",
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 60 }), (parts) => {
        const input = parts.join("");
        const out = plainText(input);
        expect(out).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
        expect(new TextEncoder().encode(out).length).toBeLessThanOrEqual(new TextEncoder().encode(input).length);
      }),
      { numRuns: 2000 },
    );
  });

  it("stays linear on long runs of spaces, carriage returns and escapes", () => {
    const input = `${" ".repeat(200_000)}x\r\n${"\r".repeat(100_000)}y\n${ESC}[${"1".repeat(100_000)}`;
    expect(plainText(input)).toBe(`${" ".repeat(200_000)}x\ny\n`);
  });

  it("handles a megabyte quickly enough to run at every step", () => {
    const big = `${ESC}[32mline${ESC}[0m of output\r\n`.repeat(40_000);
    const out = plainText(big);
    expect(out.length).toBe("line of output\n".length * 40_000);
  });
});
