/**
 * The payload of OSC 633;E → the command line. The shell writes VS Code's escaping: `\\` for a
 * backslash, `\xHH` for `;` and control characters, everything else as typed. Null when the
 * payload holds an escape the shell never writes (a lone `\`, `\q`, `\x4`): output imitating a
 * mark, not the shell.
 */
export function decodeCommandLine(payload: string): string | null {
  let out = "";
  let from = 0;
  for (let i = payload.indexOf("\\"); i !== -1; i = payload.indexOf("\\", from)) {
    out += payload.slice(from, i);
    if (payload[i + 1] === "\\") {
      out += "\\";
      from = i + 2;
    } else if (payload[i + 1] === "x" && /^[0-9a-fA-F]{2}$/.test(payload.slice(i + 2, i + 4))) {
      out += String.fromCharCode(parseInt(payload.slice(i + 2, i + 4), 16));
      from = i + 4;
    } else {
      return null;
    }
  }
  return out + payload.slice(from);
}

/** What the image's bash writes for a command line (its __plateau_escape): for test data. */
export function encodeCommandLine(line: string): string {
  return line.replace(/[\\;\x00-\x1f\x7f]/g, (c) =>
    c === "\\" ? "\\\\" : `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`,
  );
}
