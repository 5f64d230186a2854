import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { kendallTauB } from "./kendall";

/** τ-b straight from its definition, O(n²), for checking. */
function tauByDefinition(x: number[], y: number[]): number {
  let c = 0;
  let d = 0;
  let xOnly = 0;
  let yOnly = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const sx = Math.sign(x[i]! - x[j]!);
      const sy = Math.sign(y[i]! - y[j]!);
      if (sx === 0 && sy === 0) continue;
      if (sx === 0) xOnly++;
      else if (sy === 0) yOnly++;
      else if (sx === sy) c++;
      else d++;
    }
  }
  return (c - d) / Math.sqrt((c + d + xOnly) * (c + d + yOnly));
}

describe("kendallTauB", () => {
  it("reproduces SciPy's documented example: x = 12,2,1,12,2; y = 1,4,7,1,0 → −0.4714045…", () => {
    // Hand: of the 10 pairs, C = 2, D = 6, (0,3) is tied in both and (1,4) in x only, so
    // n₁ = 2, n₂ = 1 and τ = (2 − 6) / √((10 − 2)(10 − 1)) = −4/√72 = −√2/3; SciPy prints −0.4714045207910316.
    const tau = kendallTauB([12, 2, 1, 12, 2], [1, 4, 7, 1, 0]);
    expect(tau).toBe(-0.4714045207910316);
    expect(Math.abs(tau + Math.SQRT2 / 3)).toBeLessThan(1e-15);
  });

  it.each([
    ["same order", [1, 2, 3, 4], [1, 2, 3, 4], 1],
    ["reversed order", [1, 2, 3, 4], [4, 3, 2, 1], -1],
    ["one adjacent swap of three", [1, 2, 3], [2, 1, 3], 1 / 3],
    ["a tie in x: 5 of 6 pairs count, all concordant", [1, 2, 2, 3], [1, 2, 3, 4], Math.sqrt(5 / 6)],
    ["two values", [1, 2], [2, 1], -1],
  ])("%s", (_why, x, y, expected) => {
    expect(kendallTauB(x, y)).toBeCloseTo(expected, 14);
  });

  it("keeps SciPy's arithmetic: a perfect order of 8 gives 0.9999999999999998 as SciPy does", () => {
    const x = [0, 1, 2, 3, 4, 5, 6, 7];
    expect(kendallTauB(x, x)).toBe(0.9999999999999998);
  });

  it.each([
    ["no values", [], []],
    ["one value", [3], [5]],
    ["all tied in x", [1, 1, 1], [1, 2, 3]],
    ["all tied in y", [1, 2, 3], [7, 7, 7]],
  ])("is NaN (undefined, as SciPy) with %s", (_why, x, y) => {
    expect(kendallTauB(x, y)).toBeNaN();
  });

  it("rejects sequences of different lengths", () => {
    expect(() => kendallTauB([1, 2], [1])).toThrow();
  });

  it("equals the O(n²) definition, is symmetric, and flips sign when y is negated", () => {
    const pairs = fc
      .integer({ min: 2, max: 40 })
      .chain((n) =>
        fc.tuple(
          fc.array(fc.integer({ min: 0, max: 6 }), { minLength: n, maxLength: n }),
          fc.array(fc.integer({ min: 0, max: 6 }), { minLength: n, maxLength: n }),
        ),
      );
    fc.assert(
      fc.property(pairs, ([x, y]) => {
        const tau = kendallTauB(x, y);
        const reference = tauByDefinition(x, y);
        if (Number.isNaN(reference)) {
          expect(tau).toBeNaN();
          return;
        }
        expect(Math.abs(tau - reference)).toBeLessThan(1e-12);
        expect(Math.abs(kendallTauB(y, x) - tau)).toBeLessThan(1e-12);
        expect(
          Math.abs(
            kendallTauB(
              x,
              y.map((v) => -v),
            ) + tau,
          ),
        ).toBeLessThan(1e-12);
      }),
    );
  });
});
