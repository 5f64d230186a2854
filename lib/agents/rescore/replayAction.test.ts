import { describe, expect, it } from "vitest";
import { replayActionOf, scoredEveryAction } from "./replayAction";

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
