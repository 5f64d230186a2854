import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scoreSql } from "./sql";
import type { Rows, SqlInput } from "./types";

const ORDERED = "SELECT a FROM t ORDER BY a";
const UNORDERED = "SELECT a FROM t";
const col = (...values: unknown[]): Rows => values.map((v) => [v]);
const both = (input: SqlInput) => ({ intercode: scoreSql(input, "intercode"), plateau: scoreSql(input, "plateau") });

describe("scoreSql — hand-worked cases (intercode reward, plateau reward)", () => {
  it.each<[string, SqlInput, number, number]>([
    ["both results empty → 1", { agent: [], gold: [], goldQuery: UNORDERED }, 1, 1],
    ["agent empty, gold not → 0", { agent: [], gold: col(1), goldQuery: UNORDERED }, 0, 0],
    ["agent error → 0", { agent: { error: "Unknown column 'x'" }, gold: col(1), goldQuery: UNORDERED }, 0, 0],
    ["agent ran a statement without rows → 0", { agent: null, gold: [], goldQuery: UNORDERED }, 0, 0],
    ["same rows, same order → 1", { agent: col(1, 2, 3), gold: col(1, 2, 3), goldQuery: ORDERED }, 1, 1],
    [
      "reversed order, no ORDER BY asked: InterCode τ = −1 → −1; plateau ignores order → 1",
      { agent: col(1, 2, 3), gold: col(3, 2, 1), goldQuery: UNORDERED },
      -1,
      1,
    ],
    [
      "reversed order, ORDER BY asked: −1 vs 0 (τ < 0 counts as 0)",
      { agent: col(1, 2, 3), gold: col(3, 2, 1), goldQuery: ORDERED },
      -1,
      0,
    ],
    [
      "one adjacent swap of three, ORDER BY asked: τ = 1/3 → 0.33 vs 1/3 unrounded",
      { agent: col(1, 2, 3), gold: col(2, 1, 3), goldQuery: ORDERED },
      0.33,
      1 / 3,
    ],
    [
      "one adjacent swap of three, no ORDER BY: 0.33 vs 1",
      { agent: col(1, 2, 3), gold: col(2, 1, 3), goldQuery: UNORDERED },
      0.33,
      1,
    ],
    [
      // counts agent {1:2, 2:1}, gold {1:1, 2:2}: Σmin = 2, Σmax = 4; common lists (1, 2) and (1, 2): τ = 1
      "duplicates in rows: IoU = 2/4 → 0.5",
      { agent: col(1, 1, 2), gold: col(1, 2, 2), goldQuery: ORDERED },
      0.5,
      0.5,
    ],
    [
      "all common rows identical (all tied): τ undefined, reward = IoU = 1",
      { agent: col(7, 7, 7), gold: col(7, 7, 7), goldQuery: ORDERED },
      1,
      1,
    ],
    [
      "all tied with a copy missing: τ undefined, InterCode keeps the unrounded IoU 2/3",
      { agent: col(7, 7), gold: col(7, 7, 7), goldQuery: ORDERED },
      2 / 3,
      2 / 3,
    ],
    ["one common row: τ undefined, IoU = 1/3 unrounded", { agent: col(1, 2), gold: col(1, 3), goldQuery: ORDERED }, 1 / 3, 1 / 3],
    [
      // InterCode's τ pairs the i-th common row of one list with the i-th of the other and ranks their
      // printed values: x = 0,1,3,2 vs y = 0,2,3,1 → C = 5, D = 1, τ = 4/6. Positions of the same rows:
      // agent 0,1,3,2 vs gold 0,3,1,2 → C = 3, D = 3, τ = 0.
      "InterCode's τ compares values position by position, not where each row stands: 0.67 vs 0",
      { agent: col(0, 1, 3, 2), gold: col(0, 2, 3, 1), goldQuery: ORDERED },
      0.67,
      0,
    ],
    ["a number and a numeric string are different rows → 0", { agent: col(1), gold: col("1"), goldQuery: UNORDERED }, 0, 0],
    [
      "multi-column rows compare whole: (1,'a') ≠ (1,'b') → IoU 1/3",
      {
        agent: [
          [1, "a"],
          [2, "b"],
        ],
        gold: [
          [1, "b"],
          [2, "b"],
        ],
        goldQuery: UNORDERED,
      },
      1 / 3,
      1 / 3,
    ],
  ])("%s", (_why, input, intercode, plateau) => {
    const s = both(input);
    expect(s.intercode.reward).toBe(intercode);
    expect(s.plateau.reward).toBeCloseTo(plateau, 14);
    expect(s.intercode.success).toBe(intercode === 1);
    expect(s.plateau.success).toBe(plateau === 1);
  });

  it("ranks InterCode's row strings by code point as Python does, not by UTF-16 unit", () => {
    // Python: 'a' < '！' (U+FF01) < '😀' (U+1F600); JS's < would put '😀' (a surrogate pair) before '！'.
    // x = a, ！, 😀 vs y = ！, a, 😀 → one discordant pair of three → τ = 1/3 (UTF-16 order would give −1).
    const s = scoreSql({ agent: col("a", "！", "😀"), gold: col("！", "a", "😀"), goldQuery: ORDERED }, "intercode");
    expect(s.breakdown.tau).toBeCloseTo(1 / 3, 14);
    expect(s.reward).toBe(0.33);
  });

  it("InterCode counts a near-perfect order as success (round(τ × IoU, 2) = 1); plateau does not", () => {
    // 29 rows, one adjacent swap: τ = 1 − 2/406 = 0.99507 → rounds to 1.
    const rows = col(...Array.from({ length: 29 }, (_, i) => i));
    const swapped = [rows[1]!, rows[0]!, ...rows.slice(2)];
    const s = both({ agent: swapped, gold: rows, goldQuery: ORDERED });
    expect(s.intercode.reward).toBe(1);
    expect(s.intercode.success).toBe(true);
    expect(s.plateau.reward).toBeCloseTo(1 - 2 / 406, 14);
    expect(s.plateau.success).toBe(false);
  });
});

describe("scoreSql — breakdown", () => {
  it("reports counts, τ, whether order counted, and samples of missing and extra rows", () => {
    const s = scoreSql(
      {
        agent: [
          [1, "a"],
          [2, "b"],
          [9, "z"],
          [9, "z"],
        ],
        gold: [
          [2, "b"],
          [1, "a"],
          [3, "c"],
        ],
        goldQuery: ORDERED,
      },
      "plateau",
    );
    expect(s.breakdown).toEqual({
      agentError: null,
      iou: 2 / 5,
      tau: -1,
      goldHasOrderBy: true,
      orderApplied: true,
      agentRowCount: 4,
      goldRowCount: 3,
      commonRowCount: 2,
      missingRows: [{ row: [3, "c"], count: 1 }],
      extraRows: [{ row: [9, "z"], count: 2 }],
      notes: [expect.stringMatching(/τ < 0/)],
    });
    expect(s.reward).toBe(0);
  });

  it("keeps the agent's error text and stays JSON-serialisable (bigint, NaN)", () => {
    const s = scoreSql(
      { agent: { error: "Table 'x' doesn't exist" }, gold: [[5n, Number.NaN]], goldQuery: UNORDERED },
      "intercode",
    );
    expect(s.breakdown.agentError).toBe("Table 'x' doesn't exist");
    expect(s.breakdown.missingRows).toEqual([{ row: ["5", "NaN"], count: 1 }]);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });

  it("says when InterCode's order factor hit a query that asks for no order", () => {
    const s = scoreSql({ agent: col(1, 2, 3), gold: col(3, 2, 1), goldQuery: UNORDERED }, "intercode");
    expect(s.breakdown).toMatchObject({ tau: -1, orderApplied: true, goldHasOrderBy: false });
    expect(s.breakdown.notes.join("\n")).toMatch(/every query[\s\S]*negative/);
  });
});

describe("scoreSql — properties", () => {
  const cell = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom("a", "b", "é", "😀", null));
  const rows = fc.array(fc.array(cell, { minLength: 1, maxLength: 2 }), { maxLength: 8 });
  const query = fc.constantFrom(ORDERED, UNORDERED);

  it("plateau rewards lie in [0, 1]", () => {
    fc.assert(
      fc.property(rows, rows, query, (agent, gold, goldQuery) => {
        const r = scoreSql({ agent, gold, goldQuery }, "plateau").reward;
        expect(r).toBeGreaterThanOrEqual(0);
        expect(r).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("identical inputs give 1 in both modes", () => {
    fc.assert(
      fc.property(rows, query, (r, goldQuery) => {
        const s = both({ agent: JSON.parse(JSON.stringify(r)) as typeof r, gold: r, goldQuery });
        expect(s.intercode.reward).toBe(1);
        expect(s.plateau.reward).toBe(1);
      }),
    );
  });

  it("IoU is symmetric", () => {
    fc.assert(
      fc.property(rows, rows, (a, b) => {
        for (const mode of ["intercode", "plateau"] as const) {
          const ab = scoreSql({ agent: a, gold: b, goldQuery: UNORDERED }, mode).breakdown.iou;
          const ba = scoreSql({ agent: b, gold: a, goldQuery: UNORDERED }, mode).breakdown.iou;
          expect(ab).toBe(ba);
        }
      }),
    );
  });

  it("permuting rows leaves IoU unchanged", () => {
    const permuted = rows.chain((r) =>
      fc.tuple(fc.constant(r), fc.shuffledSubarray(r, { minLength: r.length, maxLength: r.length })),
    );
    fc.assert(
      fc.property(permuted, rows, ([a, shuffled], gold) => {
        for (const mode of ["intercode", "plateau"] as const) {
          const before = scoreSql({ agent: a, gold, goldQuery: ORDERED }, mode).breakdown.iou;
          const after = scoreSql({ agent: shuffled, gold, goldQuery: ORDERED }, mode).breakdown.iou;
          expect(after).toBe(before);
        }
      }),
    );
  });
});
