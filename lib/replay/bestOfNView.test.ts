import { describe, expect, it } from "vitest";
import { bestOfNView } from "./bestOfNView";
import { lineDiff } from "./lineDiff";

describe("Best-of-N in the replay", () => {
  it("diffs a candidate against the chosen one line by line", () => {
    expect(lineDiff("def f(x):\n    return x\n", "def f(x):\n    return x + 1\n")).toEqual([
      { kind: "same", text: "def f(x):" },
      { kind: "removed", text: "    return x" },
      { kind: "added", text: "    return x + 1" },
      { kind: "same", text: "" },
    ]);
    expect(lineDiff("a", "a")).toEqual([{ kind: "same", text: "a" }]);
  });

  it("reads a stored search and refuses anything else", () => {
    const search = {
      n: 2,
      chosen: 1,
      rule: "pass rate, ties first",
      candidates: [
        { code: "x", tests: { passed: 0, total: 1 }, verifierScore: null, score: 0, reply: "…" },
        { code: null, problem: "no code block in the reply", tests: null, verifierScore: null, score: 0, reply: null },
      ],
    };
    expect(bestOfNView(search)?.candidates).toHaveLength(2);
    expect(bestOfNView({ n: "2" })).toBeNull();
    expect(bestOfNView(null)).toBeNull();
  });
});
