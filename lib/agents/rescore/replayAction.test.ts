import { describe, expect, it } from "vitest";
import { asLoggedObservation, asLoggedReward, replayActionOf, scoredEveryAction } from "./replayAction";

describe("replayActionOf", () => {
  it("runs Try Again and Plan & Solve actions as logged, fences and all", () => {
    expect(replayActionOf("ls /testbed", "try_again")).toEqual({ kind: "run", action: "ls /testbed" });
    expect(replayActionOf("```BASH\nls /testbed\n```", "plan_solve")).toEqual({
      kind: "run",
      action: "```BASH\nls /testbed\n```",
    });
    expect(replayActionOf("submit", "try_again")).toEqual({ kind: "submit" });
  });

  it("runs what a ReAct execute[…] holds, up to its last bracket", () => {
    expect(replayActionOf("execute[ls [ab]*]", "react")).toEqual({ kind: "run", action: "ls [ab]*" });
    expect(replayActionOf("execute[SELECT a\nFROM t]\nObservation 4", "react")).toEqual({
      kind: "run",
      action: "SELECT a\nFROM t",
    });
    expect(replayActionOf("submit", "react")).toEqual({ kind: "submit" });
  });

  it("replays nothing for a ReAct action the harness refused", () => {
    expect(replayActionOf("ls /testbed", "react")).toEqual({ kind: "refused" });
    expect(replayActionOf("execute[SELECT a FROM t WHERE b = (SELECT", "react")).toEqual({ kind: "refused" });
  });

  it("replays nothing for a Try Again or Plan & Solve response the SQL harness answered itself", () => {
    const refusal =
      "No SQL code was found in your last response.\n\nYour response should be a SQL command. Format your SQL command as follows:\n\n```SQL\nYour SQL command here\n```";
    expect(replayActionOf("Can you provide the schema of the tables available?", "try_again", refusal)).toEqual({
      kind: "refused",
    });
    expect(replayActionOf("USE flight_2;", "plan_solve", refusal)).toEqual({ kind: "refused" });
    expect(replayActionOf("SELECT 1", "try_again", "[(1,)]")).toEqual({ kind: "run", action: "SELECT 1" });
  });
});

describe("scoredEveryAction", () => {
  it("is the harnesses that submitted after every action", () => {
    expect(["try_again", "single_turn", "plan_solve", "react", null].map(scoredEveryAction)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe("asLoggedObservation", () => {
  const rows = (n: number) => `[${Array.from({ length: n }, (_, i) => `(${i}, 'a, b')`).join(", ")}]`;
  it("is ReAct's cut: a list of rows to 25 rows, any other text to 350 characters", () => {
    expect(asLoggedObservation("react", rows(30))).toBe(rows(25));
    expect(asLoggedObservation("react", rows(25))).toBe(rows(25));
    const error = `Error executing query: ${"é".repeat(400)}`;
    expect(asLoggedObservation("react", error)).toBe(Array.from(error).slice(0, 350).join(""));
    expect(asLoggedObservation("react", "None")).toBe("None");
  });
  it("leaves what the other harnesses logged whole", () => {
    expect(asLoggedObservation("try_again", rows(30))).toBe(rows(30));
    expect(asLoggedObservation("plan_solve", "x".repeat(400))).toBe("x".repeat(400));
  });
});

describe("asLoggedReward", () => {
  const scored = { reward: 0.67, breakdown: { iou: 2 / 3, tau: 1 } };
  it("is the IoU alone for the SQL ReAct run, the reward otherwise", () => {
    expect(asLoggedReward("sql", "react", scored)).toBe(2 / 3);
    expect(asLoggedReward("sql", "try_again", scored)).toBe(0.67);
    expect(asLoggedReward("bash", "react", { reward: 0.5, breakdown: {} })).toBe(0.5);
  });
});
