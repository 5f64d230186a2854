import { decodeCommandLine } from "./decodeCommandLine";
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
  if (ps === "633;" && letter === "F") return { kind: "continuation" };
  if (ps === "633;" && letter === "E") {
    const payload = rest.slice(2); // everything after "E;": the shell escapes every ';' of the line
    const decoded = decodeCommandLine(payload);
    return decoded === null ? { kind: "commandLine", commandLine: payload, undecoded: true } : { kind: "commandLine", commandLine: decoded };
  }
  return null;
}
