import { parseMarkBody } from "./parseMarkBody";
import type { Mark, MarkParser, MarkParserOptions, ParsedChunk } from "./types";

const ESC = "\x1b";
const BEL = 7;
const ESC_CODE = 27;
/** Both introducers are 6 characters long: ESC ] 1 3 3 ; and ESC ] 6 3 3 ; */
const INTRODUCERS = [`${ESC}]133;`, `${ESC}]633;`];
const INTRO_LEN = 6;

type Scan =
  | { type: "mark"; end: number; body: string } // a complete mark from the ESC up to `end` (exclusive)
  | { type: "held" } // incomplete so far: hold back from the ESC
  | { type: "text" }; // not ours (or bogus): leave it in the display

/**
 * Removes the shell integration marks (OSC 133 and 633) from a terminal output stream and reports
 * where each sat. Chunks may split anywhere, also inside a mark; a mark split across chunks is
 * held back until complete, but never more than a few KiB: an unterminated one is released as text.
 * Only marks signed with the shell's nonce are marks; unsigned or wrongly signed ones are removed
 * without a mark, so output (`cat` of a recorded session) can neither forge a step nor show one.
 */
export function createMarkParser(options: MarkParserOptions): MarkParser {
  const { nonce } = options;
  // An empty or guessable nonce would let output sign its own marks.
  if (!/^[0-9A-Za-z]{16,}$/.test(nonce))
    throw new Error("createMarkParser needs the shell's nonce: 16 or more letters and digits");
  const maxHeld = options.maxHeldChars ?? 4096;
  const maxHeldCommandLine = options.maxHeldCommandLineChars ?? 262_144;
  const maxHeldResult = options.maxHeldResultChars ?? 1_572_864;
  let held = "";

  function scan(text: string, at: number): Scan {
    if (at + 1 < text.length && text.charCodeAt(at + 1) !== 0x5d) return { type: "text" }; // not OSC: most ESCs (CSI)
    const head = text.slice(at, at + INTRO_LEN);
    if (head.length < INTRO_LEN) return INTRODUCERS.some((p) => p.startsWith(head)) ? { type: "held" } : { type: "text" };
    if (!INTRODUCERS.includes(head)) return { type: "text" };
    const limit = text.startsWith("633;E", at + 2)
      ? maxHeldCommandLine
      : text.startsWith("633;R", at + 2)
        ? maxHeldResult
        : maxHeld;
    const stop = Math.min(text.length, at + limit);
    for (let i = at + INTRO_LEN; i < stop; i++) {
      const c = text.charCodeAt(i);
      if (c === BEL) return { type: "mark", end: i + 1, body: text.slice(at + 2, i) };
      if (c !== ESC_CODE) continue;
      if (i + 1 >= text.length) return { type: "held" }; // ESC at the very end: maybe the start of ST
      // ESC \ (ST) ends it; any other escape aborts the string, as in a terminal: bogus, show it.
      return text[i + 1] === "\\" ? { type: "mark", end: i + 2, body: text.slice(at + 2, i) } : { type: "text" };
    }
    return stop === text.length && text.length - at < limit ? { type: "held" } : { type: "text" };
  }

  return {
    push(chunk: string): ParsedChunk {
      const text = held + chunk;
      held = "";
      const marks: Mark[] = [];
      let display = "";
      let from = 0; // start of the text not yet copied to display
      let at = text.indexOf(ESC);
      while (at !== -1) {
        const found = scan(text, at);
        if (found.type === "held") {
          held = text.slice(at);
          break;
        }
        if (found.type === "text") {
          at = text.indexOf(ESC, at + 1);
          continue;
        }
        display += text.slice(from, at);
        const mark = parseMarkBody(found.body, nonce);
        if (mark) marks.push({ ...mark, offset: display.length });
        from = found.end;
        at = text.indexOf(ESC, from);
      }
      display += held ? text.slice(from, text.length - held.length) : text.slice(from);
      return { display, marks };
    },
    flush(): string {
      const out = held;
      held = "";
      return out;
    },
    get holding(): boolean {
      return held !== "";
    },
  };
}
