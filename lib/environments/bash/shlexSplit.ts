// Python's shlex.split(s) (posix mode, no comments), which docker-py applies to a command given as
// one string: InterCode's `exec_run(f'/bin/bash -c "{action}"')` runs the argv this returns, so an
// action's own quotes end the outer ones. Plain state machine, no regexes, so every rule is visible.

export class ShlexError extends Error {}

const WHITESPACE = " \t\r\n";

export function shlexSplit(s: string): string[] {
  const tokens: string[] = [];
  let token = "";
  // A token exists once a character or a pair of quotes was seen: `""` is an empty argument.
  let inToken = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quote === "'") {
      if (c === "'") quote = null;
      else token += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === "\\") {
        if (i + 1 >= s.length) throw new ShlexError("No escaped character");
        const next = s[++i];
        // Inside double quotes only `\"` and `\\` are escapes; any other backslash stays.
        token += next === '"' || next === "\\" ? next : `\\${next}`;
      } else token += c;
    } else if (WHITESPACE.includes(c)) {
      if (inToken) tokens.push(token);
      token = "";
      inToken = false;
    } else if (c === "'" || c === '"') {
      quote = c;
      inToken = true;
    } else if (c === "\\") {
      if (i + 1 >= s.length) throw new ShlexError("No escaped character");
      token += s[++i];
      inToken = true;
    } else {
      token += c;
      inToken = true;
    }
  }
  if (quote) throw new ShlexError("No closing quotation");
  if (inToken) tokens.push(token);
  return tokens;
}
