import { describe, expect, it } from "vitest";
import { parseTurnLimitSetting, turnLimitOf } from "./turnLimitOf";

describe("turnLimitOf", () => {
  it("gives human play started without a limit the setting's, scored as it stands when reached", () => {
    expect(turnLimitOf({ playerKind: "human" }, 5)).toEqual({ turnLimit: 5, scoreAtTurnLimit: true });
    expect(turnLimitOf({ playerKind: "human" }, null)).toEqual({ turnLimit: null, scoreAtTurnLimit: false });
  });

  it("keeps a limit given at start (a study's), blocking at it unless told to score", () => {
    expect(turnLimitOf({ playerKind: "human", turnLimit: 3 }, 5)).toEqual({ turnLimit: 3, scoreAtTurnLimit: false });
    expect(turnLimitOf({ playerKind: "human", turnLimit: 3, scoreAtTurnLimit: true }, 5)).toEqual({
      turnLimit: 3,
      scoreAtTurnLimit: true,
    });
    expect(turnLimitOf({ playerKind: "human", turnLimit: null, scoreAtTurnLimit: true }, 5)).toEqual({
      turnLimit: null,
      scoreAtTurnLimit: false,
    });
  });

  it("never applies the human setting to agents", () => {
    expect(turnLimitOf({ playerKind: "agent" }, 5)).toEqual({ turnLimit: null, scoreAtTurnLimit: false });
    expect(turnLimitOf({ playerKind: "agent", turnLimit: 10 }, 5)).toEqual({ turnLimit: 10, scoreAtTurnLimit: false });
  });
});

describe("parseTurnLimitSetting", () => {
  it("reads a whole number, and unset or empty as no limit", () => {
    expect(parseTurnLimitSetting("20")).toBe(20);
    expect(parseTurnLimitSetting(" 7 ")).toBe(7);
    expect(parseTurnLimitSetting(undefined)).toBeNull();
    expect(parseTurnLimitSetting("")).toBeNull();
  });

  it("refuses anything else with the setting's name", () => {
    for (const bad of ["0", "-1", "2.5", "ten", "1e3"])
      expect(() => parseTurnLimitSetting(bad)).toThrow(/PLATEAU_HUMAN_TURN_LIMIT must be a whole number/);
  });
});
