import { describe, expect, it } from "vitest";
import { gitQuotePath, intercodeStatusPairs, shlexWord } from "./intercodeGit";

describe("gitQuotePath (as `git status --short` prints a path; checked against git 2.39)", () => {
  it.each([
    ["plain.txt", "plain.txt"],
    ["testbed/dir1/", "testbed/dir1/"],
    ["it's", "it's"],
    ["sp ace.txt", '"sp ace.txt"'],
    ["new dir/", '"new dir/"'],
    ["tab\there", '"tab\\there"'],
    ['quo"te', '"quo\\"te"'],
    ["back\\slash", '"back\\\\slash"'],
    ["café.txt", '"caf\\303\\251.txt"'],
    ["日本", '"\\346\\227\\245\\346\\234\\254"'],
    ["new\nline", '"new\\nline"'],
    ["del\x7f", '"del\\177"'],
    ["bell\x07x", '"bell\\ax"'],
    ["ctrl\x01", '"ctrl\\001"'],
    ["😀 x", '"\\360\\237\\230\\200 x"'],
  ])("%j → %s", (path, printed) => {
    expect(gitQuotePath(path)).toBe(printed);
  });
});

describe("intercodeStatusPairs (InterCode's whitespace split of `git status --short`)", () => {
  it("reads ordinary lines as (status, path) pairs", () => {
    const result = intercodeStatusPairs([
      { path: "testbed/a.txt", status: "M" },
      { path: "testbed/new/", status: "??" },
    ]);
    expect(result).toEqual({
      pairs: [
        { status: "M", path: "testbed/a.txt" },
        { status: "??", path: "testbed/new/" },
      ],
      danglingToken: null,
    });
  });

  it("splits a path with a space into quoted pieces and leaves an odd token dangling", () => {
    // git prints: ?? "system/special text5.txt"  →  tokens ??, "system/special, text5.txt"
    expect(intercodeStatusPairs([{ path: "system/special text5.txt", status: "??" }])).toEqual({
      pairs: [{ status: "??", path: '"system/special' }],
      danglingToken: 'text5.txt"',
    });
  });

  it("shifts every later pair once a path has split", () => {
    // tokens: ??, "a, b.txt", ??, "c, d.txt", M, z.txt
    const result = intercodeStatusPairs([
      { path: "a b.txt", status: "??" },
      { path: "c d.txt", status: "??" },
      { path: "z.txt", status: "M" },
    ]);
    expect(result.pairs).toEqual([
      { status: "??", path: '"a' },
      { status: 'b.txt"', path: "??" },
      { status: '"c', path: 'd.txt"' },
      { status: "M", path: "z.txt" },
    ]);
    expect(result.danglingToken).toBeNull();
  });

  it("reads a rename line `R  x.txt -> y.txt` as (x.txt, R) and (y.txt, ->)", () => {
    expect(intercodeStatusPairs([{ path: "y.txt", from: "x.txt", status: "R" }]).pairs).toEqual([
      { status: "R", path: "x.txt" },
      { status: "->", path: "y.txt" },
    ]);
  });

  it("trims an untrimmed status like ' M' as the split does", () => {
    expect(intercodeStatusPairs([{ path: "f.txt", status: " M" }]).pairs).toEqual([{ status: "M", path: "f.txt" }]);
  });
});

describe("shlexWord (Python shlex.split of one blank-free token; checked against CPython)", () => {
  it.each([
    ["abc", "abc"],
    ['"abc"', "abc"],
    ['"a\\"b"', 'a"b'],
    ['"caf\\303\\251.txt"', "caf\\303\\251.txt"],
    ['"x\\\\y"', "x\\y"],
    ['""', ""],
    ["a'b'c", "abc"],
    ['"a\'b"', "a'b"],
    ["a\\ b", "a b"],
    ['"special', null],
    ['text3.txt"', null],
    ["it's", null],
    ['"ab\\', null],
    ["a\\", null],
  ])("%j → %j", (token, word) => {
    expect(shlexWord(token)).toBe(word);
  });
});
