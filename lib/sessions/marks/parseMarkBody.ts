import { decodeCommandLine } from "./decodeCommandLine";
import type { Mark } from "./types";

/**
 * The text between `ESC ]` and the terminator of an OSC 133/633 → the mark it stands for. Null for
 * a sequence the shell did not sign with this shell's nonce (its last `;` field: program output
 * imitating a mark) and for a 133/633 sequence Plateau does not use; either is removed from the
 * display all the same.
 */
export function parseMarkBody(body: string, nonce: string): Omit<Mark, "offset"> | null {
  const cut = body.lastIndexOf(";");
  if (cut < 4 || body.slice(cut + 1) !== nonce) return null;
  const ps = body.slice(0, 4);
  const rest = body.slice(4, cut);
  const letter = rest.split(";", 1)[0];
  if (ps === "133;") {
    if (letter === "A") return { kind: "promptStart" };
    if (letter === "B") return { kind: "promptEnd" };
    if (letter === "C") return { kind: "outputStart" };
    if (letter === "D") {
      const code = rest.split(";")[1] ?? "";
      return /^-?\d{1,9}$/.test(code) ? { kind: "commandEnd", exitCode: Number(code) } : { kind: "commandEnd" };
    }
    return null;
  }
  if (ps === "633;" && letter === "F") return { kind: "continuation" };
  if (ps === "633;" && letter === "R") return { kind: "result", ...decodeResult(rest.slice(2)) };
  if (ps === "633;" && letter === "E") {
    const payload = rest.slice(2); // everything after "E;": the shell escapes every ';' of the line
    const decoded = decodeCommandLine(payload);
    return decoded === null
      ? { kind: "commandLine", commandLine: payload, undecoded: true }
      : { kind: "commandLine", commandLine: decoded };
  }
  return null;
}

/** 633;R's payload: base64 of UTF-8 JSON. Anything else is kept as no result (the mark still ends nothing). */
function decodeResult(payload: string): { result?: unknown } {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) return {};
  try {
    return { result: JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as unknown };
  } catch {
    return {};
  }
}
