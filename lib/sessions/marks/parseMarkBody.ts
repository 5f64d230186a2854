import { decodeBase64Utf8 } from "./decodeBase64Utf8";
import type { Mark } from "./types";

/**
 * The text between `ESC ]` and the terminator of an OSC 133/633 → the mark it stands for, or null
 * for a 133/633 sequence that Plateau does not use (it is still removed from the display).
 */
export function parseMarkBody(body: string): Omit<Mark, "offset"> | null {
  const ps = body.slice(0, 4);
  const rest = body.slice(4);
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
  if (ps === "633;" && letter === "E") {
    const payload = rest.slice(2); // everything after "E;": base64 never contains ';'
    const decoded = decodeBase64Utf8(payload);
    return decoded === null
      ? { kind: "commandLine", commandLine: payload, invalidBase64: true }
      : { kind: "commandLine", commandLine: decoded };
  }
  return null;
}
