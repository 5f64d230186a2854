import { describe, expect, it } from "vitest";
import { errorSeries, plateauSeries } from "./plateauSeries";
import { sampleResult } from "./sampleResult";

describe("plateauSeries", () => {
  it("gives one row per turn budget and one column (with its band) per group", () => {
    const s = plateauSeries(sampleResult());
    expect(s.lines).toEqual([
      { id: "s0", label: "a", turnLimit: 3 },
      { id: "s1", label: 'b, "quoted"', turnLimit: null },
    ]);
    expect(s.rows.map((r) => r.k)).toEqual([1, 2, 3]);
    expect(s.rows[1]).toEqual({ k: 2, s0: 40, s0_band: [35, 45], s1: 10, s1_band: [5, 15] });
    expect(s.max).toBe(55);
  });

  it("leaves gaps (null) where a group has no point", () => {
    const r = sampleResult();
    r.groups[1].srAtK = r.groups[1].srAtK.slice(0, 1);
    expect(plateauSeries(r).rows[2]).toMatchObject({ s1: null, s1_band: null });
  });

  it("is empty without groups", () => {
    expect(plateauSeries({ groups: [], k: 3 }).lines).toEqual([]);
  });
});

describe("errorSeries", () => {
  it("draws only groups whose logs say which actions were admissible, keeping column ids stable", () => {
    const s = errorSeries(sampleResult());
    expect(s.lines.map((l) => l.id)).toEqual(["s0"]);
    expect(s.rows).toEqual([
      { k: 1, s0: 50, s0_n: 10 },
      { k: 2, s0: 25, s0_n: 8 },
      { k: 3, s0: 25, s0_n: 4 },
    ]);
    expect(s.max).toBe(50);
  });
});
