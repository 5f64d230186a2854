// How InterCode's Bash reward read `git status --short` and hashed paths, reproduced from the
// real change lists. InterCode split the whole status text on whitespace and took the tokens two
// at a time as (status, path); it then ran `md5sum <path>` (a path with a ".") or
// `md5deep -r <path>` (without) through docker-py, which splits a command string with shlex.

import type { FileChange } from "./types";

export interface StatusPair {
  path: string;
  status: string;
}

/**
 * The (path, status) pairs InterCode read. `git status --short` quotes a path holding a space
 * (`?? "new dir/"`), so such a path becomes two or more tokens and every later pair shifts.
 * With an odd number of tokens InterCode raised IndexError; the last token is then dropped here
 * and returned as `danglingToken`.
 */
export function intercodeStatusPairs(changes: readonly FileChange[]): {
  pairs: StatusPair[];
  danglingToken: string | null;
} {
  const text = changes.map(shortStatusLine).join("\n");
  const tokens = text.split(/\s+/).filter((t) => t.length > 0);
  const pairs: StatusPair[] = [];
  for (let i = 0; i + 1 < tokens.length; i += 2) pairs.push({ status: tokens[i]!, path: tokens[i + 1]! });
  return { pairs, danglingToken: tokens.length % 2 === 1 ? tokens[tokens.length - 1]! : null };
}

/** The line `git status --short` prints: "XY path" or "XY old -> new", paths quoted as git does. */
function shortStatusLine(change: FileChange): string {
  const status = change.status.trim();
  const path = gitQuotePath(change.path);
  return change.from === undefined ? `${status} ${path}` : `${status} ${gitQuotePath(change.from)} -> ${path}`;
}

const C_ESCAPES: Record<number, string> = { 7: "a", 8: "b", 9: "t", 10: "n", 11: "v", 12: "f", 13: "r", 0x22: '"', 0x5c: "\\" };

/**
 * git's C-style path quoting in short status (core.quotePath on, the default): a path with a
 * space, a control character, `"`, `\` or any non-ASCII byte is printed in double quotes, with
 * \" \\ \t \n … escapes and other such bytes (UTF-8) as 3-digit octal: "café.txt" → "caf\303\251.txt".
 */
export function gitQuotePath(path: string): string {
  let quoted = "";
  let needsQuotes = false;
  for (const byte of utf8(path)) {
    const escape = C_ESCAPES[byte];
    if (escape !== undefined) {
      quoted += `\\${escape}`;
      needsQuotes = true;
    } else if (byte < 0x20 || byte >= 0x7f) {
      quoted += `\\${byte.toString(8).padStart(3, "0")}`;
      needsQuotes = true;
    } else {
      if (byte === 0x20) needsQuotes = true;
      quoted += String.fromCharCode(byte);
    }
  }
  return needsQuotes ? `"${quoted}"` : path;
}

function utf8(text: string): number[] {
  const bytes: number[] = [];
  for (const ch of text) {
    let cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd; // a lone surrogate cannot be a file name byte sequence
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return bytes;
}

/**
 * The argument a blank-free token becomes after Python's `shlex.split` (POSIX mode), or null
 * when shlex raises ("No closing quotation", "No escaped character").
 * `"caf\303\251.txt"` → `caf\303\251.txt` (not the real name); `"special` → null.
 */
export function shlexWord(token: string): string | null {
  let word = "";
  let i = 0;
  while (i < token.length) {
    const c = token[i]!;
    if (c === "\\") {
      if (i + 1 >= token.length) return null;
      word += token[i + 1]!;
      i += 2;
    } else if (c === "'") {
      const end = token.indexOf("'", i + 1);
      if (end === -1) return null;
      word += token.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      i++;
      let closed = false;
      while (i < token.length) {
        const d = token[i]!;
        if (d === '"') {
          closed = true;
          i++;
          break;
        }
        if (d === "\\") {
          if (i + 1 >= token.length) return null;
          const next = token[i + 1]!;
          word += next === '"' || next === "\\" ? next : `\\${next}`;
          i += 2;
        } else {
          word += d;
          i++;
        }
      }
      if (!closed) return null;
    } else {
      word += c;
      i++;
    }
  }
  return word;
}
