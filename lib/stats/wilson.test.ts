import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { wilson } from "./wilson";

describe("wilson 95 % interval", () => {
  it("matches the closed form at known points", () => {
    // 489 of 1034 (SQL Try Again): Wilson's closed form, worked by hand (p = .4729, z = 1.96).
    const a = wilson(489, 1034);
    expect(a.low).toBeCloseTo(0.44265, 4);
    expect(a.high).toBeCloseTo(0.5034, 4);
    // 0 of 10 and 10 of 10: the textbook edge cases.
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(0, 10).high).toBeCloseTo(0.27753, 4);
    expect(wilson(10, 10).low).toBeCloseTo(0.72247, 4);
    expect(wilson(10, 10).high).toBe(1);
  });

  it("says nothing is known when there are no trials", () => {
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it("always contains the observed proportion and stays inside [0, 1]", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, f) => {
        const k = Math.round(f * n);
        const { low, high } = wilson(k, n);
        return low >= 0 && high <= 1 && low <= k / n + 1e-12 && high >= k / n - 1e-12 && low <= high;
      }),
    );
  });

  it("narrows as n grows at the same proportion", () => {
    const w = (n: number) => {
      const { low, high } = wilson(n / 2, n);
      return high - low;
    };
    expect(w(100)).toBeGreaterThan(w(1000));
    expect(w(1000)).toBeGreaterThan(w(10000));
  });

  it("refuses impossible counts", () => {
    expect(() => wilson(11, 10)).toThrow(RangeError);
  });
});
