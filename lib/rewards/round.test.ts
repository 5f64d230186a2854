import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { npRound, pyRound } from "./round";

describe("pyRound rounds like Python's round(x, n) on a float", () => {
  it.each([
    // [x, digits, Python's result, why]
    [0.125, 2, 0.12, "exact binary tie → even"],
    [0.135, 2, 0.14, "stored as 0.13500000000000000888, above the tie"],
    [0.375, 2, 0.38, "exact tie → even (8)"],
    [0.625, 2, 0.62, "exact tie → even (2)"],
    [-0.125, 2, -0.12, "negative tie → even"],
    [2.675, 2, 2.67, "stored just below 2.675"],
    [1.005, 2, 1, "stored just below 1.005"],
    [0.165, 2, 0.17, "0.33 × 1/2 = 0.16500000000000000777"],
    [0.155, 2, 0.15, "stored just below"],
    [0.005, 2, 0.01, "stored just above"],
    [0.5, 0, 0, "round(0.5) = 0"],
    [1.5, 0, 2, "round(1.5) = 2"],
    [2.5, 0, 2, "round(2.5) = 2"],
    [0.05190873, 2, 0.05, "P1 with one difference"],
    [0.33, 2, 0.33, "already two decimals"],
  ])("pyRound(%s, %i) = %s (%s)", (x, digits, expected) => {
    expect(pyRound(x, digits)).toBe(expected);
  });

  it("leaves non-finite values alone", () => {
    expect(pyRound(Number.NaN, 2)).toBeNaN();
    expect(pyRound(Number.POSITIVE_INFINITY, 2)).toBe(Number.POSITIVE_INFINITY);
  });

  it("is within half a unit of the last place and idempotent", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 6 }), (x, d) => {
        const r = pyRound(x, d);
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.5 * 10 ** -d + 1e-9);
        expect(pyRound(r, d)).toBe(r);
      }),
    );
  });
});

describe("npRound rounds like round() on a NumPy float64 (multiply, rint, divide)", () => {
  it.each([
    [2.675, 2, 2.68, "2.675 × 100 rounds to 267.5 in doubles → even 268 (Python's round says 2.67)"],
    [0.165, 2, 0.16, "16.5 → even 16 (Python's round says 0.17)"],
    [0.155, 2, 0.16, "15.5 → even 16 (Python's round says 0.15)"],
    [1.115, 2, 1.12, "Python's round says 1.11"],
    [0.005, 2, 0, "0.5 → even 0 (Python's round says 0.01)"],
    [0.125, 2, 0.12, "12.5 → even 12"],
    [0.135, 2, 0.14, "13.5 → even 14"],
    [0.156529133144074, 2, 0.16, "P3 of a 0.474 cosine"],
    [-0.3333333333333333, 2, -0.33, "negative SQL reward"],
  ])("npRound(%s, %i) = %s (%s)", (x, digits, expected) => {
    expect(npRound(x, digits)).toBe(expected);
  });
});
