import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scorePython } from "./python";
import type { PythonInput, TestResult } from "./types";

const pass: TestResult = { output: "", error: null };
const fail: TestResult = { output: "", error: "AssertionError" };

describe("scorePython", () => {
  it.each<[string, PythonInput, number]>([
    ["all three tests as the gold → 1", { agent: [pass, pass, pass], gold: [pass, pass, pass] }, 1],
    ["two of three → 2/3", { agent: [pass, fail, pass], gold: [pass, pass, pass] }, 2 / 3],
    ["none → 0", { agent: [fail, fail, fail], gold: [pass, pass, pass] }, 0],
    ["the same error as the gold counts as equal", { agent: [fail], gold: [fail] }, 1],
    [
      "same error, different output → differs",
      { agent: [{ output: "1\n", error: null }], gold: [{ output: "2\n", error: null }] },
      0,
    ],
    ["a test the submission never reached differs", { agent: [pass], gold: [pass, pass] }, 0.5],
    ["no tests on either side → 1", { agent: [], gold: [] }, 1],
    [
      "unicode output compared exactly",
      { agent: [{ output: "café\n", error: null }], gold: [{ output: "cafe\u0301\n", error: null }] },
      0,
    ],
  ])("%s", (_why, input, expected) => {
    for (const mode of ["intercode", "plateau"] as const) {
      const s = scorePython(input, mode);
      expect(s.reward).toBe(expected);
      expect(s.success).toBe(expected === 1);
      expect(s.mode).toBe(mode);
    }
  });

  it("lists the differing tests with both sides", () => {
    const s = scorePython({ agent: [pass, fail], gold: [pass, pass, pass] }, "plateau");
    expect(s.breakdown).toEqual({
      matching: 1,
      total: 3,
      differing: [
        { index: 1, agent: fail, gold: pass },
        { index: 2, agent: null, gold: pass },
      ],
    });
  });

  it("lies in [0, 1] and gives 1 for identical runs", () => {
    const result = fc.record({
      output: fc.constantFrom("", "1\n", "x"),
      error: fc.constantFrom(null, "AssertionError", "NameError"),
    });
    fc.assert(
      fc.property(fc.array(result, { maxLength: 4 }), fc.array(result, { maxLength: 4 }), (agent, gold) => {
        const r = scorePython({ agent, gold }, "plateau").reward;
        expect(r).toBeGreaterThanOrEqual(0);
        expect(r).toBeLessThanOrEqual(1);
        expect(scorePython({ agent: gold, gold: JSON.parse(JSON.stringify(gold)) as typeof gold }, "plateau").reward).toBe(1);
      }),
    );
  });
});
