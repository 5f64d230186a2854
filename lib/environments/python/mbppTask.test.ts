import { describe, expect, it } from "vitest";
import { consoleTaskEnv, functionNameOf, mbppTask, splitTests } from "./mbppTask";

const task = {
  query: "Write a function to add one.",
  gold: "R = 3\r\ndef add_one(x): \r\n\treturn x + 1",
  extra: { tests: ["assert add_one(1) == 2", "assert add_one(2) == 3", "assert add_one(-1) == 0"], testSetupCode: "", taskId: 7 },
};

describe("the MBPP task of the Python environment", () => {
  it("splits the tests: the first public, the others private", () => {
    expect(splitTests(["a", "b", "c"])).toEqual({ publicTests: ["a"], privateTests: ["b", "c"] });
    expect(splitTests(["a"])).toEqual({ publicTests: ["a"], privateTests: [] });
  });

  it("names the function as InterCode did: the gold's first def", () => {
    expect(functionNameOf(task.gold)).toBe("add_one");
    expect(functionNameOf("def a(x):\n  def b(y): pass")).toBe("a");
    expect(functionNameOf("x = 1")).toBeNull();
    // InterCode's pattern missed a space before the parenthesis (mbpp:31 and five more)
    expect(functionNameOf("import math \r\ndef max_Prime_Factors (n): \r\n")).toBe("max_Prime_Factors");
  });

  it("tells the console the task, its function and the public tests, never a private test", () => {
    const env = consoleTaskEnv(mbppTask(task));
    const shown = JSON.parse(Buffer.from(env.PLATEAU_PYTHON_TASK, "base64").toString());
    expect(shown).toEqual({ query: task.query, functionName: "add_one", publicTests: ["assert add_one(1) == 2"], setupCode: "" });
    expect(env.PLATEAU_PYTHON_TASK).not.toContain(Buffer.from("add_one(2)").toString("base64").slice(0, 8));
    expect(JSON.stringify(shown)).not.toMatch(/add_one\(2\)|add_one\(-1\)/);
  });
});
