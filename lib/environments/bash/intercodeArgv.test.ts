import { describe, expect, it } from "vitest";
import { bashArgv, planAction, simplifyPath } from "./intercodeArgv";
import { shlexSplit } from "./shlexSplit";

// Expected argv values are Python 3.11's shlex.split of `/bin/bash -c "<gold>"` for these golds
// (checked against it for all 224 Bash golds outside the suite: all equal, 39 differ from the gold).

describe("bashArgv in intercode mode: the argv docker-py ran", () => {
  it('fs1:25 — the quotes of "*.html" are gone, so bash expands the glob in / (matching /index.html)', () => {
    expect(bashArgv('find /testbed -name "*.html" | xargs grep -l foo | wc -l', "intercode")).toEqual({
      argv: ["/bin/bash", "-c", "find /testbed -name *.html | xargs grep -l foo | wc -l"],
    });
  });

  it("fs3:31 — double-quoted patterns lose their quotes and the backslashes before the dots", () => {
    const gold = `find /workspace -type f -name "*.*" | grep -o -E "\\.[^\\.]+$" | grep -o -E "[[:alpha:]]{3,6}" | awk '{print tolower($0)}' | sort | uniq -c | sort -rn`;
    expect(bashArgv(gold, "intercode")).toEqual({
      argv: [
        "/bin/bash",
        "-c",
        "find /workspace -type f -name *.* | grep -o -E .[^.]+$ | grep -o -E [[:alpha:]]{3,6} | awk '{print tolower($0)}' | sort | uniq -c | sort -rn",
      ],
    });
  });

  it("fs3:33 — a quoted space splits the command: bash runs only its first part, the rest become $0 and $1", () => {
    const gold = 'find /workspace -printf "%T@ %p\\n" | sort -n | head -1 | cut -d" " -f2- | xargs ls -al';
    expect(bashArgv(gold, "intercode")).toEqual({
      argv: ["/bin/bash", "-c", "find /workspace -printf %T@", "%pn | sort -n | head -1 | cut -d", " -f2- | xargs ls -al"],
    });
  });

  it("test:2 — single quotes inside survive, but the double quotes in them split the argument", () => {
    const gold = `find /testbed -type d -exec sh -c 'echo -n "{}: "; ls -1 {}/*.py 2>/dev/null | wc -l' \\;`;
    expect(bashArgv(gold, "intercode")).toEqual({
      argv: ["/bin/bash", "-c", "find /testbed -type d -exec sh -c 'echo -n {}:", "; ls -1 {}/*.py 2>/dev/null | wc -l' \\;"],
    });
  });

  it("a command without double quotes or backslashes is unchanged, surrounding whitespace stripped", () => {
    expect(bashArgv("  ls -l /testbed | wc -l\n", "intercode")).toEqual({ argv: ["/bin/bash", "-c", "ls -l /testbed | wc -l"] });
  });

  it("an odd number of double quotes cannot be split: InterCode's Malformed command", () => {
    expect(bashArgv('echo "a', "intercode")).toEqual({ malformed: "No closing quotation" });
  });

  it("plateau mode keeps the command as written", () => {
    expect(bashArgv('find /testbed -name "*.html"', "plateau")).toEqual({
      argv: ["/bin/bash", "-c", 'find /testbed -name "*.html"'],
    });
  });
});

describe("shlexSplit follows Python's posix rules", () => {
  it.each([
    ['a "b c" d', ["a", "b c", "d"]],
    ['x "" y', ["x", "", "y"]],
    ["a\\ b c", ["a b", "c"]],
    ['"a\\"b" "c\\d" "e\\\\f"', ['a"b', "c\\d", "e\\f"]],
    ["'a\\b' \"it's\"", ["a\\b", "it's"]],
    ["a\tb\nc  ", ["a", "b", "c"]],
    ['pre"mid dle"post', ["premid dlepost"]],
  ])("%j", (input, expected) => expect(shlexSplit(input)).toEqual(expected));

  it("a trailing backslash is an error, as in Python", () => {
    expect(() => shlexSplit("a \\")).toThrow("No escaped character");
    expect(() => shlexSplit('"a \\')).toThrow("No escaped character");
  });
});

describe("InterCode's cd", () => {
  it("resolves paths by text", () => {
    expect(simplifyPath("/", "testbed")).toBe("/testbed");
    expect(simplifyPath("/testbed/dir1", "../dir2/./x/")).toBe("/testbed/dir2/x");
    expect(simplifyPath("/testbed", "/system")).toBe("/system");
    expect(simplifyPath("/", "../..")).toBe("/");
    expect(simplifyPath("/testbed", "")).toBe("/testbed");
  });

  it("runs a cd from / and carries its target; other actions run in the carried cwd", () => {
    expect(planAction("cd dir1", "/testbed")).toEqual({
      command: "cd /testbed/dir1",
      workdir: "/",
      cwdOnSuccess: "/testbed/dir1",
    });
    expect(planAction("ls", "/testbed")).toEqual({ command: "ls", workdir: "/testbed", cwdOnSuccess: "/testbed" });
  });

  it("takes everything after `cd ` for the path, as InterCode did", () => {
    expect(planAction("cd /testbed && ls", "/")).toEqual({
      command: "cd /testbed && ls",
      workdir: "/",
      cwdOnSuccess: "/testbed && ls",
    });
  });

  it("a bare `cd` is refused (InterCode raised there)", () => {
    expect(planAction("cd", "/testbed")).toHaveProperty("malformed");
  });
});
