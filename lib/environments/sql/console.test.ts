import { describe, expect, it } from "vitest";
import type { CompletedStep } from "../../sessions/steps";
import { sqlObservationOf, typeSqlAction } from "./console";
import { isSqlSubmit } from "../isSubmit";
import { agentObservation, sqlResultOf } from "./result";
import { lastQuery } from "./scorer";

const step = (action: string, result: unknown, observation = "shown"): CompletedStep & { result: unknown } =>
  ({
    index: 0,
    action,
    actionProblem: null,
    observationAnsi: observation,
    observation,
    exitCode: 0,
    admissible: true,
    truncated: false,
    outputBytes: 0,
    promptAt: null,
    startedAt: 0,
    endedAt: 0,
    durationMs: 0,
    result,
  }) as unknown as CompletedStep & { result: unknown };

describe("the SQL console as the session drives it", () => {
  it("types an agent's statement with its ';' and Enter; submit as it is", () => {
    expect(typeSqlAction("SELECT 1")).toBe("SELECT 1;\r");
    expect(typeSqlAction("  SELECT 1;  ")).toBe("SELECT 1;\r");
    expect(typeSqlAction("SELECT a\nFROM t")).toBe("SELECT a\rFROM t;\r");
    expect(typeSqlAction("submit")).toBe("submit\r");
  });

  it("knows submit, with or without an answer, in any case", () => {
    expect(isSqlSubmit("submit")).toBe(true);
    expect(isSqlSubmit("SUBMIT;")).toBe(true);
    expect(isSqlSubmit("submit 42")).toBe(true);
    expect(isSqlSubmit("SELECT 'submit'")).toBe(false);
    expect(isSqlSubmit("submitted")).toBe(false);
  });

  it("tells an agent InterCode's observation: the rows list as Python printed it, or the error", () => {
    expect(sqlObservationOf(step("SELECT name FROM singer", { columns: ["name"], rows: [["Joe"]], text: "[('Joe',)]" }))).toBe(
      "[('Joe',)]",
    );
    expect(
      sqlObservationOf(
        step("SELECT x", {
          error: "Unknown column 'x' in 'field list'",
          code: 1054,
          text: "Error executing query: Unknown column 'x' in 'field list'",
        }),
      ),
    ).toBe("Error executing query: Unknown column 'x' in 'field list'");
    expect(sqlObservationOf(step("SELECT 1", null, "+---+\n| 1 |"))).toBe("+---+\n| 1 |");
  });

  it("reads a step's result as the reward needs it, and nothing that is not a result", () => {
    expect(agentObservation(sqlResultOf({ columns: ["a"], rows: [[1], [null]], text: "[(1,), (None,)]" }))).toEqual([
      [1],
      [null],
    ]);
    expect(agentObservation(sqlResultOf({ error: "e", code: 1064, text: "Error executing query: e" }))).toEqual({
      error: "Error executing query: e",
    });
    expect(agentObservation(sqlResultOf({ affected: 2, text: "None" }))).toBeNull();
    expect(sqlResultOf({ rows: "not rows" })).toBeNull();
    expect(sqlResultOf({ columns: ["a"], rows: [[{ nested: 1 }]], text: "" })).toBeNull();
  });

  it("scores the last query before submit", () => {
    const steps = [
      step("SELECT 1", { columns: ["1"], rows: [[1]], text: "[(1,)]" }),
      step("SELECT 2", { columns: ["2"], rows: [[2]], text: "[(2,)]" }),
      step("submit", null),
    ];
    expect(lastQuery(steps)?.action).toBe("SELECT 2");
    expect(lastQuery([step("submit", null)])).toBeUndefined();
  });
});
