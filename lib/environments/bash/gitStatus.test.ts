import { describe, expect, it } from "vitest";
import { parseGitStatusZ } from "./gitStatus";

describe("parseGitStatusZ", () => {
  it("reads modified, deleted, untracked files and untracked folders", () => {
    const out = " M testbed/file.txt\0 D testbed/Hello.java\0?? testbed/new.txt\0?? testbed/newdir/\0";
    expect(parseGitStatusZ(out)).toEqual([
      { path: "testbed/file.txt", status: "M" },
      { path: "testbed/Hello.java", status: "D" },
      { path: "testbed/new.txt", status: "??" },
      { path: "testbed/newdir/", status: "??" },
    ]);
  });

  it("keeps paths with spaces and quotes exactly", () => {
    expect(parseGitStatusZ(' M system/special text3.txt\0?? system/it\'s "x".txt\0')).toEqual([
      { path: "system/special text3.txt", status: "M" },
      { path: 'system/it\'s "x".txt', status: "??" },
    ]);
  });

  it("skips the old path of a rename and reads staged-and-modified codes", () => {
    expect(parseGitStatusZ("R  b.txt\0a.txt\0MM c.txt\0")).toEqual([
      { path: "b.txt", status: "R" },
      { path: "c.txt", status: "MM" },
    ]);
  });

  it("gives nothing for a clean tree", () => {
    expect(parseGitStatusZ("")).toEqual([]);
  });
});
