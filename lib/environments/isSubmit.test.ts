import { describe, expect, it } from "vitest";
import { isInterCodeSubmit, isPythonSubmit, isSqlSubmit, isSubmitIn } from "./isSubmit";
import { bashConsole } from "./bash/console";
import { sqlConsole } from "./sql/console";
import { pythonConsole } from "./python/pythonConsole";
import { markKind } from "../replay/timelineMarks";

const step = (action: string) => ({ action, exitCode: 0, admissible: true, reward: null });

describe("what ends an episode, per environment", () => {
  it.each([
    // action,            bash,  sql,   python
    ["submit", true, true, true],
    ["  submit", true, true, true],
    ["submit answer", true, true, true],
    ["submit two words", true, true, false],
    // InterCode's SQL logs end with this (ic_env: action.startswith("submit"))
    ["submit;", false, true, false],
    ["SUBMIT", false, true, false],
    ["Submit", false, true, false],
    ["submitted", false, false, false],
    ["echo submit", false, false, false],
    ["", false, false, false],
  ] as const)("%j: bash %s, sql %s, python %s", (action, bash, sql, python) => {
    expect([isSubmitIn("bash")(action), isSubmitIn("sql")(action), isSubmitIn("python")(action)]).toEqual([bash, sql, python]);
  });

  it("is the rule each live console uses, and InterCode's for an environment without one", () => {
    expect(bashConsole.isSubmit).toBe(isInterCodeSubmit);
    expect(sqlConsole.isSubmit).toBe(isSqlSubmit);
    expect(pythonConsole.isSubmit).toBe(isPythonSubmit);
    expect(isSubmitIn("ctf")).toBe(isInterCodeSubmit);
    expect(isSubmitIn("no such environment")).toBe(isInterCodeSubmit);
  });

  it("marks the replay's timeline by the episode's environment, imported or live", () => {
    expect(markKind(step("submit;"), isSubmitIn("sql"))).toBe("submit");
    expect(markKind(step("SUBMIT"), isSubmitIn("bash"))).toBe("step");
  });
});
