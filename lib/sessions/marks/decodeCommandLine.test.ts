import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { decodeCommandLine, encodeCommandLine } from "./decodeCommandLine";

const BASHRC = path.join(__dirname, "../../../docker/bash/bashrc");

/** The image's own escaping (__plateau_escape of docker/bash/bashrc), run by bash. */
function shellEscape(lines: string[]): string[] {
  const r = spawnSync(
    "bash",
    ["--rcfile", BASHRC, "-i", "-c", 'for s; do __plateau_escape "$s"; printf "%s\\0" "$REPLY"; done', "_", ...lines],
    { encoding: "utf8" },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout.split("\0").slice(0, -1);
}

const LINES = [
  'echo "a b"',
  "for i in 1 2\ndo echo $i\ndone",
  "cat <<EOF\nx;y\nEOF",
  'echo "héllo wörld 世界 🎉"',
  "printf 'a\\tb\\n'; echo \\x41 \\\\x3b",
  "echo 'tab\there' $'\\e[1m' \x1b[0m bell\x07 del\x7f",
  "echo ']633;E;fake' \\",
  "cd",
  "true",
];

describe("decodeCommandLine", () => {
  it("gives back the exact line the image's bash escaped: newlines, unicode, quotes, backslashes, control characters", () => {
    const escaped = shellEscape(LINES);
    expect(escaped).toEqual(LINES.map(encodeCommandLine));
    for (const e of escaped) expect(e).not.toMatch(/[\x00-\x1f\x7f;]/); // nothing that could end or split a mark
    expect(escaped.map(decodeCommandLine)).toEqual(LINES);
  });

  it("gives back any line escaped as the shell does (encodeCommandLine, which agrees with the shell above)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (line) => {
        const escaped = encodeCommandLine(line);
        expect(decodeCommandLine(escaped)).toBe(line);
      }),
      { numRuns: 500 },
    );
  });

  it("says null for an escape the shell never writes", () => {
    for (const bad of ["a\\", "\\q", "\\x4", "\\xg0", "a\\ b"]) expect(decodeCommandLine(bad), bad).toBeNull();
  });
});
