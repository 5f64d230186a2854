/**
 * Every escape sequence, terminated or cut short: CSI (7-bit and C1), OSC (ends at BEL or ST; any
 * other ESC aborts it, as in a terminal), DCS/SOS/PM/APC strings, nF and other ESC sequences
 * (charset selects ESC ( B…), and C0/C1 controls other than \b \t \n \r.
 */
const SEQUENCE =
  /(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[PX^_][^\x1b]*(?:\x1b\\)?|\x1b[\x20-\x2f]*[\x30-\x7e]?|[\x00-\x07\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f-\x9a\x9c-\x9f]/g;
/** Colours, by far the most common sequence: removed first without a callback per match. */
const SGR = /\x1b\[[\d;:]*m/g;
/** The cursor moves kept for the line model: back, forward, column, erase in line. */
const LINE_EDIT = /^(?:\x1b\[|\x9b)(\d*)([CDGK])$/;
/** Anything the line model must draw: \b, a kept cursor move, a \r that does not end a line. */
const NEEDS_LINE_MODEL = /\x08|\x1b|\r(?!\n)/;
/** Cursor moves right go no further than this (or the line's length): wider than any terminal. */
const MAX_MOVE = 1024;

/**
 * Terminal output (with ANSI) → the plain text a reader would see, line by line: escape sequences
 * and control characters removed, \r\n → \n, a lone \r returns to the start of the line and what
 * follows overwrites it (a progress bar keeps its final state), backspace, cursor back/forward/
 * column and erase-in-line act on the current line, and trailing blanks of each line are dropped.
 * Moves between lines are ignored: this is a transcript, not a screen. Tabs stay as tabs.
 */
export function plainText(ansi: string): string {
  const kept = ansi
    .replace(SGR, "")
    .replace(SEQUENCE, (seq) => (LINE_EDIT.test(seq) ? `\x1b[${seq.replace(LINE_EDIT, "$1$2")}` : ""));
  if (!NEEDS_LINE_MODEL.test(kept)) {
    // Common case, without a loop in JavaScript: only \r\n line ends to normalise.
    const text = kept.includes("\r") ? kept.split("\r\n").join("\n") : kept; // faster than replaceAll
    if (!text.includes(" \n") && !text.endsWith(" ")) return text;
  }
  const lines = kept.split("\n");
  for (let i = 0; i < lines.length; i++) {
    let end = lines[i].length;
    while (end > 0 && lines[i].charCodeAt(end - 1) === 0x0d) end--; // \r\n, \r\r\n
    const line = end < lines[i].length ? lines[i].slice(0, end) : lines[i];
    lines[i] = trimSpaces(/[\r\x08\x1b]/.test(line) ? renderLine(line) : line);
  }
  return lines.join("\n");
}

/** Trailing spaces off (a loop, not / +$/, which is quadratic on a long run of inner spaces). */
function trimSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && line.charCodeAt(end - 1) === 0x20) end--;
  return end < line.length ? line.slice(0, end) : line;
}

/** One line with \r, \b and kept cursor moves, drawn into cells (one per code point). */
function renderLine(line: string): string {
  const cells: string[] = [];
  let col = 0;
  for (const part of line.split(/(\r|\x08|\x1b\[\d*[CDGK])/)) {
    if (part === "\r") col = 0;
    else if (part === "\x08") col = Math.max(0, col - 1);
    else if (part.startsWith("\x1b[")) {
      const n = Number(part.slice(2, -1) || "0");
      const op = part[part.length - 1];
      const far = Math.max(cells.length, MAX_MOVE); // a move far right cannot pad a line without bound
      if (op === "D") col = Math.max(0, col - Math.max(1, n));
      else if (op === "C") col = Math.min(far, col + Math.max(1, n));
      else if (op === "G") col = Math.min(far, Math.max(1, n) - 1);
      else if (n === 0)
        cells.length = Math.min(cells.length, col); // K: erase to the end
      else if (n === 1)
        cells.fill(" ", 0, Math.min(cells.length, col + 1)); // to the start
      else cells.length = 0; // the whole line
    } else if (part) {
      while (cells.length < col) cells.push(" ");
      for (const ch of part) cells[col++] = ch;
    }
  }
  return cells.join("");
}
