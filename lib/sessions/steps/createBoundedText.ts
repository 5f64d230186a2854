export interface BoundedText {
  /** Add text; what does not fit in the cap is counted, not kept. */
  append(s: string): void;
  /** What was kept: at most maxBytes UTF-8 bytes, cut on a character boundary. */
  text(): string;
  /** Whether anything was dropped. */
  readonly truncated: boolean;
  /** UTF-8 bytes appended in all, kept or not. */
  readonly bytesSeen: number;
}

/**
 * An append-only text buffer capped at `maxBytes` UTF-8 bytes, so a flood of output never holds
 * more than the cap (plus the array of pieces, compacted as it grows) in memory.
 */
export function createBoundedText(maxBytes: number): BoundedText {
  let parts: string[] = [];
  let kept = 0;
  let seen = 0;
  let truncated = false;
  let carry = ""; // a high surrogate at the end of a piece waits for its low half in the next one

  function add(s: string) {
    if (truncated) {
      seen += utf8Length(s);
      return;
    }
    const { length, bytes } = utf8Prefix(s, maxBytes - kept);
    seen += length === s.length ? bytes : bytes + utf8Length(s.slice(length));
    if (length < s.length) truncated = true;
    if (length === 0) return;
    parts.push(length === s.length ? s : s.slice(0, length));
    kept += bytes;
    if (parts.length > 256) parts = [parts.join("")];
  }

  return {
    append(s: string) {
      if (carry) [s, carry] = [carry + s, ""];
      const last = s.charCodeAt(s.length - 1);
      if (last >= 0xd800 && last <= 0xdbff) [s, carry] = [s.slice(0, -1), s.slice(-1)];
      if (s) add(s);
    },
    text() {
      if (carry) add(carry); // never completed: a lone surrogate after all
      carry = "";
      if (parts.length > 1) parts = [parts.join("")];
      return parts[0] ?? "";
    },
    get truncated() {
      return truncated;
    },
    get bytesSeen() {
      return seen;
    },
  };
}

const ASCII = /^[\x00-\x7f]*$/;

/** UTF-8 byte length of a string (a lone surrogate counts 3, as it encodes to U+FFFD). */
function utf8Length(s: string): number {
  return ASCII.test(s) ? s.length : utf8Prefix(s, Infinity).bytes; // ASCII: no loop in JavaScript
}

/** The longest prefix of `s` (in UTF-16 units, never splitting a pair) that fits in `max` bytes. */
function utf8Prefix(s: string, max: number): { length: number; bytes: number } {
  if (s.length <= max && ASCII.test(s)) return { length: s.length, bytes: s.length };
  let bytes = 0;
  let i = 0;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
    if (bytes + size > max) break;
    bytes += size;
    i += pair ? 2 : 1;
  }
  return { length: i, bytes };
}
