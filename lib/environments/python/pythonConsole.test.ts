import { describe, expect, it } from "vitest";
import { submittedName, typePythonAction } from "./pythonConsole";
import { isPythonSubmit } from "../isSubmit";
import { historyOf } from "./history";
import { firstPublicPass } from "./scorer";
import type { CompletedStep } from "../../sessions/steps";

const step = (action: string, exitCode: number, result?: unknown): CompletedStep & { result?: unknown } => ({
  index: 0,
  action,
  actionProblem: null,
  observationAnsi: "",
  observation: "",
  exitCode,
  admissible: exitCode === 0,
  truncated: false,
  outputBytes: 0,
  promptAt: null,
  startedAt: 0,
  endedAt: 0,
  durationMs: 0,
  result,
});
const testRun = (passed: number, total: number) => ({ kind: "test", passed, total, tests: [] });

describe("the Python console as the session drives it", () => {
  it("types an agent's snippet as one bracketed paste that ends complete", () => {
    expect(typePythonAction("x = 1")).toBe("\x1b[200~x = 1\n\x1b[201~\r");
    expect(typePythonAction("def f(x):\r\n\r\n    return x\r\n\r\n")).toBe("\x1b[200~def f(x):\n\n    return x\n\x1b[201~\r");
    expect(typePythonAction("a\x1b[201~b")).toBe("\x1b[200~ab\n\x1b[201~\r");
  });

  it("knows submit, with or without the function's name", () => {
    expect(isPythonSubmit("submit")).toBe(true);
    expect(isPythonSubmit("  submit add_one ")).toBe(true);
    expect(isPythonSubmit("submit(1)")).toBe(false);
    expect(isPythonSubmit("submit a b")).toBe(false);
    expect(submittedName("submit add_one")).toBe("add_one");
    expect(submittedName("submit")).toBeNull();
  });

  it("replays the code inputs only: not test, submit or an input stopped by Ctrl-C", () => {
    const steps = [
      step("def f(x): return x", 0),
      step("test", 1),
      step("while True: pass", 130),
      step("f(1/0)", 1),
      step("submit f", 0),
    ];
    expect(historyOf(steps)).toEqual([
      { code: "def f(x): return x", wrap: true },
      { code: "f(1/0)", wrap: true },
    ]);
    expect(historyOf(steps, 1)).toEqual([{ code: "def f(x): return x", wrap: true }]);
  });

  it("judges the code of the first test that passed every public test", () => {
    expect(
      firstPublicPass([
        step("def f(): pass", 0),
        step("test", 1, testRun(0, 1)),
        step("test", 0, testRun(1, 1)),
        step("test", 0, testRun(1, 1)),
      ]),
    ).toBe(2);
    expect(firstPublicPass([step("test", 1, testRun(0, 1))])).toBeNull();
    expect(firstPublicPass([step("test", 0, { kind: "test", passed: 0, total: 0, tests: [] })])).toBeNull();
  });
});
