import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scoreBash } from "./bash";
import type { BashInput, BashSide, FileChange } from "./types";

const side = (changes: FileChange[] = [], hashes: Record<string, string> = {}, output = ""): BashSide => ({
  changes,
  hashes,
  output,
});
const both = (input: BashInput) => ({ intercode: scoreBash(input, "intercode"), plateau: scoreBash(input, "plateau") });

describe("scoreBash — InterCode's check value", () => {
  it("test query 0 (`echo hello`, `cd /testbed/`, submit): no file changes, output unlike the gold's → 0.67", () => {
    // The agent's last observation is the empty output of `cd`; the gold (`find /testbed | wc -l`) prints a count.
    const input: BashInput = { agent: side([], {}, ""), gold: side([], {}, "33\n") };
    for (const s of Object.values(both(input))) {
      expect(s.breakdown).toMatchObject({ fileDiff: 0.33, fileContent: 0.33, outputSimilarity: 0, similarity: 0 });
      expect(s.reward).toBe(0.67);
      expect(s.success).toBe(false);
    }
  });
});

describe("scoreBash — hand-worked cases (intercode reward, plateau reward)", () => {
  const same = "dir1/a.txt\ndir1/b.txt\n";
  it.each<[string, BashInput, number, number]>([
    [
      "identical changes, contents and output: 1 / 1",
      {
        agent: side([{ path: "testbed/out.txt", status: "??" }], { "testbed/out.txt": "h1" }, same),
        gold: side([{ path: "testbed/out.txt", status: "??" }], { "testbed/out.txt": "h1" }, same),
      },
      1,
      1,
    ],
    [
      "one change missing: P1 = round(0.33 × (1 − erf 1), 2) = 0.05 → 0.72",
      { agent: side([], {}, same), gold: side([{ path: "testbed/x.txt", status: "D" }], {}, same) },
      0.72,
      0.72,
    ],
    [
      "two differences (one missing, one extra): P1 = 0 → 0.67",
      {
        agent: side([{ path: "testbed/y.txt", status: "D" }], {}, same),
        gold: side([{ path: "testbed/x.txt", status: "D" }], {}, same),
      },
      0.67,
      0.67,
    ],
    [
      "modified file with the wrong content: InterCode never compares 'M' (1), plateau does (0.67)",
      {
        agent: side([{ path: "testbed/file.txt", status: "M" }], { "testbed/file.txt": "wrong" }, ""),
        gold: side([{ path: "testbed/file.txt", status: "M" }], { "testbed/file.txt": "right" }, ""),
      },
      1,
      0.67,
    ],
    [
      "new file with the wrong content: both compare, P2 = 0 → 0.67",
      {
        agent: side([{ path: "testbed/out.txt", status: "??" }], { "testbed/out.txt": "wrong" }, ""),
        gold: side([{ path: "testbed/out.txt", status: "??" }], { "testbed/out.txt": "right" }, ""),
      },
      0.67,
      0.67,
    ],
    [
      "one of two new files right: P2 = round(0.33 × 1/2, 2) = 0.17 (Python rounds 0.165… up) → 0.84",
      {
        agent: side(
          [
            { path: "testbed/a.txt", status: "??" },
            { path: "testbed/b.txt", status: "??" },
          ],
          { "testbed/a.txt": "1", "testbed/b.txt": "2" },
        ),
        gold: side(
          [
            { path: "testbed/a.txt", status: "??" },
            { path: "testbed/b.txt", status: "??" },
          ],
          { "testbed/a.txt": "1", "testbed/b.txt": "other" },
        ),
      },
      0.01 + 0.33 + 0.17 + 0.33,
      0.84,
    ],
    [
      "new file without '.' and the wrong content: InterCode's md5deep was missing → match (1); plateau 0.67",
      {
        agent: side([{ path: "testbed/newfile", status: "??" }], { "testbed/newfile": "wrong" }),
        gold: side([{ path: "testbed/newfile", status: "??" }], { "testbed/newfile": "right" }),
      },
      1,
      0.67,
    ],
    [
      "nested new folders (git shows only `?? testbed/new/`) with a different file deep inside: 1 vs 0.67",
      {
        agent: side([{ path: "testbed/new/", status: "??" }], { "testbed/new/": "tree-a" }),
        gold: side([{ path: "testbed/new/", status: "??" }], { "testbed/new/": "tree-b" }),
      },
      1,
      0.67,
    ],
    [
      "a new folder with '.' in its name: md5sum fails alike on a folder, still a match in InterCode",
      {
        agent: side([{ path: "testbed/v1.0/", status: "??" }], { "testbed/v1.0/": "tree-a" }),
        gold: side([{ path: "testbed/v1.0/", status: "??" }], { "testbed/v1.0/": "tree-b" }),
      },
      1,
      0.67,
    ],
    [
      "wrong file name that shares the text before a space: InterCode sees the same pair '\"testbed/my' (1); plateau: missing + extra (0.67)",
      {
        agent: side([{ path: "testbed/my notes.txt", status: "??" }], { "testbed/my notes.txt": "x" }),
        gold: side([{ path: "testbed/my file.txt", status: "??" }], { "testbed/my file.txt": "x" }),
      },
      1,
      0.67,
    ],
    [
      "path with spaces, same change and content: both 1",
      {
        agent: side([{ path: "system/special text5.txt", status: "??" }], { "system/special text5.txt": "x" }),
        gold: side([{ path: "system/special text5.txt", status: "??" }], { "system/special text5.txt": "x" }),
      },
      1,
      1,
    ],
    [
      "unicode file name, different content: git quotes it, InterCode's md5sum finds no such file on either side (1); plateau 0.67",
      {
        agent: side([{ path: "testbed/café.txt", status: "??" }], { "testbed/café.txt": "a" }),
        gold: side([{ path: "testbed/café.txt", status: "??" }], { "testbed/café.txt": "b" }),
      },
      1,
      0.67,
    ],
    [
      "same deletion: nothing to compare, P2 = 0.33",
      {
        agent: side([{ path: "testbed/x.txt", status: "D" }]),
        gold: side([{ path: "testbed/x.txt", status: "D" }]),
      },
      1,
      1,
    ],
    [
      "no word tokens in either output but equal texts: cos = 1",
      { agent: side([], {}, "!! --\n"), gold: side([], {}, "!! --\n") },
      1,
      1,
    ],
    [
      "no word tokens in either output and different texts: cos = 0",
      { agent: side([], {}, "1 2 3"), gold: side([], {}, "4 5 6") },
      0.67,
      0.67,
    ],
    [
      "partly similar output: cos 0.4743… → P3 = round(0.156…, 2) = 0.16",
      { agent: side([], {}, "hello world hello"), gold: side([], {}, "hello there") },
      0.8300000000000001,
      0.83,
    ],
    [
      "unicode output, case-insensitive: 'Café 日本語' vs 'CAFÉ 日本語' → cos 1",
      { agent: side([], {}, "Café 日本語"), gold: side([], {}, "CAFÉ 日本語") },
      1,
      1,
    ],
  ])("%s", (_why, input, intercode, plateau) => {
    const s = both(input);
    expect(s.intercode.reward).toBe(intercode);
    expect(s.plateau.reward).toBe(plateau);
    expect(s.intercode.success).toBe(intercode === 1);
    expect(s.plateau.success).toBe(plateau === 1);
  });
});

describe("scoreBash — breakdowns", () => {
  it("logs InterCode's plain float sum and plateau's rounded one (0.01 + 0.33 + 0.33 + 0.04 → 0.7100000000000001)", () => {
    // One shared token and four own tokens each side: cos = 1 / (1 + 4W²) = 0.1124…, P3 = round(0.0371, 2) = 0.04.
    const input: BashInput = { agent: side([], {}, "common a1 a2 a3 a4"), gold: side([], {}, "common b1 b2 b3 b4") };
    const w = Math.log(1.5) + 1;
    const s = both(input);
    expect(s.intercode.breakdown.similarity).toBeCloseTo(1 / (1 + 4 * w * w), 12);
    expect(s.intercode.breakdown.outputSimilarity).toBe(0.04);
    expect(s.intercode.reward).toBe(0.7100000000000001);
    expect(s.plateau.reward).toBe(0.71);
  });

  it("names missing and extra changes, compared paths and mismatches", () => {
    const input: BashInput = {
      agent: side(
        [
          { path: "testbed/a.txt", status: "??" },
          { path: "testbed/extra.txt", status: "??" },
        ],
        { "testbed/a.txt": "1", "testbed/extra.txt": "e" },
        "done",
      ),
      gold: side(
        [
          { path: "testbed/a.txt", status: "??" },
          { path: "testbed/gone.txt", status: "D" },
        ],
        { "testbed/a.txt": "2" },
        "done",
      ),
    };
    const p = scoreBash(input, "plateau");
    expect(p.breakdown).toMatchObject({
      fileDiff: 0,
      fileContent: 0,
      outputSimilarity: 0.33,
      missing: [{ path: "testbed/gone.txt", status: "D" }],
      extra: [{ path: "testbed/extra.txt", status: "??" }],
      compared: ["testbed/a.txt"],
      hashMismatches: ["testbed/a.txt"],
      similarity: 1,
    });
    expect(p.reward).toBe(0.34);
    expect(JSON.parse(JSON.stringify(p))).toEqual(p);
  });

  it("explains the InterCode quirks it applied", () => {
    const input: BashInput = {
      agent: side([
        { path: "testbed/newdir/", status: "??" },
        { path: "system/special text5.txt", status: "??" },
      ]),
      gold: side([
        { path: "testbed/newdir/", status: "??" },
        { path: "system/special text5.txt", status: "??" },
      ]),
    };
    // tokens: ??, testbed/newdir/, ??, "system/special, text5.txt"  (5: the last one dangles)
    const s = scoreBash(input, "intercode");
    expect(s.breakdown.compared).toEqual(["testbed/newdir/", '"system/special']);
    const notes = s.breakdown.notes.join("\n");
    expect(notes).toMatch(/split .*whitespace/);
    expect(notes).toMatch(/IndexError/);
    expect(notes).toMatch(/md5deep/);
    expect(notes).toMatch(/shlex/);
  });

  it("plateau counts a path without a hash as different and says so", () => {
    const input: BashInput = {
      agent: side([{ path: "testbed/a.txt", status: "??" }], {}),
      gold: side([{ path: "testbed/a.txt", status: "??" }], { "testbed/a.txt": "1" }),
    };
    const p = scoreBash(input, "plateau");
    expect(p.breakdown.hashMismatches).toEqual(["testbed/a.txt"]);
    expect(p.breakdown.notes.join()).toMatch(/no hash/);
  });
});

describe("scoreBash — properties", () => {
  const change = fc.record({
    path: fc.constantFrom("testbed/a.txt", "testbed/b c.txt", "testbed/new/", "testbed/noext", "testbed/café.txt", "x y/"),
    status: fc.constantFrom("M", "D", "??", "A", "AM", "R"),
  });
  const sideArb = fc.record({
    changes: fc.array(change, { maxLength: 5 }),
    hashes: fc.dictionary(
      fc.constantFrom("testbed/a.txt", "testbed/b c.txt", "testbed/new/", "testbed/noext", "testbed/café.txt", "x y/"),
      fc.constantFrom("h1", "h2"),
    ),
    output: fc.string({ maxLength: 30 }),
  });

  it("plateau rewards lie in [0, 1]", () => {
    fc.assert(
      fc.property(sideArb, sideArb, (agent, gold) => {
        const r = scoreBash({ agent, gold }, "plateau").reward;
        expect(r).toBeGreaterThanOrEqual(0);
        expect(r).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("identical sides give 1 in both modes", () => {
    fc.assert(
      fc.property(sideArb, (s) => {
        const copy = JSON.parse(JSON.stringify(s)) as typeof s;
        const result = both({ agent: s, gold: copy });
        expect(result.intercode.reward).toBe(1);
        expect(result.plateau.reward).toBe(1);
        expect(result.plateau.success && result.intercode.success).toBe(true);
      }),
    );
  });
});
