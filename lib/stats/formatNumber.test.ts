import { describe, expect, it } from "vitest";
import { formatCount, formatInteger, formatMeasure, formatPercent, formatReward, formatTurns } from "./formatNumber";

describe("one number format", () => {
  it("rewards have two decimals, whole or not", () => {
    expect(formatReward(1)).toBe("1.00");
    expect(formatReward(0.8300000000000001)).toBe("0.83");
    expect(formatReward(0)).toBe("0.00");
    expect(formatReward(null)).toBe("—");
    expect(formatReward(Number.NaN)).toBe("—");
  });
  it("percentages one, mean turns two", () => {
    expect(formatPercent(47.2921)).toBe("47.3");
    expect(formatPercent(100)).toBe("100.0");
    expect(formatPercent(undefined)).toBe("—");
    expect(formatTurns(7.2524)).toBe("7.25");
  });
  it("a count's noun is singular for one only, and thousands are grouped", () => {
    expect(formatCount(1, "step")).toBe("1 step");
    expect(formatCount(0, "step")).toBe("0 steps");
    expect(formatCount(2, "turn")).toBe("2 turns");
    expect(formatCount(19136, "episode")).toBe("19,136 episodes");
    expect(formatCount(1, "study", "studies")).toBe("1 study");
    expect(formatCount(3, "study", "studies")).toBe("3 studies");
  });
  it("whole numbers group their thousands as en-US does", () => {
    for (const n of [0, 7, 999, 1000, 19136, 1034567, -4200, 1e12]) expect(formatInteger(n)).toBe(n.toLocaleString("en"));
    expect(formatInteger(Number.NaN)).toBe("—");
  });
  it("counts stay whole, shares read as rewards", () => {
    expect(formatMeasure(3)).toBe("3");
    expect(formatMeasure(0.3333333)).toBe("0.33");
  });
});
