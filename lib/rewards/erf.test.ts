import { describe, expect, it } from "vitest";
import { erf } from "./erf";
import { pyRound } from "./round";

describe("erf", () => {
  it.each([
    [0, 0],
    [0.5, 0.5204998778130465],
    [1, 0.8427007929497149],
    [2, 0.9953222650189527],
    [3, 0.9999779095030014],
    [-1, -0.8427007929497149],
    [6, 1],
    [40, 1],
  ])("erf(%s) = %s (Python's math.erf) to 2e-15", (x, expected) => {
    expect(Math.abs(erf(x) - expected)).toBeLessThanOrEqual(2e-15);
  });

  it("is NaN for NaN", () => {
    expect(erf(Number.NaN)).toBeNaN();
  });

  it.each([
    [0, 0.33],
    [1, 0.05],
    [2, 0],
    [3, 0],
    [10, 0],
  ])("gives P1 = round(0.33 × (1 − erf(%i)), 2) = %s", (differences, p1) => {
    expect(pyRound(0.33 * (1 - erf(differences)), 2)).toBe(p1);
  });
});
