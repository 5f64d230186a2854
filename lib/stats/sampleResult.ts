import type { GroupStats, StatsResult } from "./types";

/** A small StatsResult for unit tests of the prepare functions. */
export function sampleResult(): StatsResult {
  const g = (key: string, n: number, solvedAt: number[], errors: [number, number][], turnLimit: number | null): GroupStats => ({
    key,
    values: { run: key },
    n,
    solved: solvedAt.at(-1) ?? 0,
    sr: ((solvedAt.at(-1) ?? 0) / n) * 100,
    srLow: 1,
    srHigh: 99,
    turns: 2.5,
    errorPct: 25,
    errorN: n,
    unscored: 1,
    turnLimit,
    srAtK: solvedAt.map((s, i) => ({ k: i + 1, solved: s, sr: (s / n) * 100, low: (s / n) * 100 - 5, high: (s / n) * 100 + 5 })),
    errorByTurn: errors.map(([nk, e], i) => ({ k: i + 1, n: nk, errors: e, pct: nk ? (e / nk) * 100 : null })),
  });
  return {
    mode: "intercode",
    group: ["run"],
    split: "hardness",
    filters: { runs: ["a", 'b, "quoted"'] },
    k: 3,
    groups: [
      g(
        "a",
        10,
        [1, 4, 5],
        [
          [10, 5],
          [8, 2],
          [4, 1],
        ],
        3,
      ),
      g('b, "quoted"', 20, [2, 2, 10], [], null),
    ],
    splits: [
      {
        key: "a",
        split: "easy",
        n: 4,
        solved: 3,
        sr: 75,
        srLow: 30,
        srHigh: 95,
        turns: 2,
        errorPct: null,
        errorN: 0,
        unscored: 0,
      },
    ],
    overlap: [{ a: "a", b: 'b, "quoted"', tasks: 4, both: [1], onlyA: [2, 3], onlyB: [], neither: [4] }],
    notes: [],
  };
}
