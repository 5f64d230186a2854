import { describe, expect, it } from "vitest";
import { historyOf, judgedCodeTurn } from "./history";

const code = (action: string, exitCode: number | null = 0) => ({ action, exitCode });
const test = code("test");

describe("the turn of the code µCode judged", () => {
  it("is the turn of the code a passing test ran, not the test's own turn", () => {
    // turns: 1 a wrong def, 2 test (fails), 3 the right def, 4 test (passes: judged at step 3)
    const steps = [code("def f(x):\n    return 0"), code("test", 1), code("def f(x):\n    return x"), test];
    expect(judgedCodeTurn(steps, 3)).toBe(3);
    expect(historyOf(steps, 3).map((s) => s.code)).toEqual([steps[0].action, steps[2].action]);
  });

  it("at a submit without a test (end = every turn), is the last code's turn, before inputs that ran nothing", () => {
    const steps = [code("def f(x):\n    return x"), code("x = f(2)"), test, code("")];
    expect(judgedCodeTurn(steps, steps.length)).toBe(2);
  });

  it("skips an input stopped by Ctrl-C or the time limit: its code never reached the namespace", () => {
    const steps = [code("def f(x):\n    return x"), code("while True: pass", 130), test];
    expect(judgedCodeTurn(steps, 2)).toBe(1);
  });

  it("is null when no code came before the judged step", () => {
    expect(judgedCodeTurn([test], 0)).toBeNull();
    expect(judgedCodeTurn([test, code("def f(): pass")], 1)).toBeNull();
  });
});
