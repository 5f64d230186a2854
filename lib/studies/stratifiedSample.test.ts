import { describe, expect, it } from "vitest";
import { stratifiedSample } from "./stratifiedSample";

const tasks = [
  ...Array.from({ length: 60 }, (_, i) => ({ id: i, key: "1" })),
  ...Array.from({ length: 30 }, (_, i) => ({ id: 100 + i, key: "2" })),
  ...Array.from({ length: 10 }, (_, i) => ({ id: 200 + i, key: "3" })),
];
const strataOf = (ids: number[]) => [
  ids.filter((i) => i < 100).length,
  ids.filter((i) => i >= 100 && i < 200).length,
  ids.filter((i) => i >= 200).length,
];

describe("stratified sample", () => {
  it("gives each stratum its share of n, and the same sample for the same seed", () => {
    const a = stratifiedSample(tasks, 10, 7);
    expect(a).toHaveLength(10);
    expect(new Set(a).size).toBe(10);
    expect(strataOf(a)).toEqual([6, 3, 1]);
    expect(stratifiedSample(tasks, 10, 7)).toEqual(a);
    expect(stratifiedSample(tasks, 10, 8)).not.toEqual(a);
    expect(strataOf(stratifiedSample(tasks, 7, 1)).reduce((x, y) => x + y)).toBe(7);
  });

  it("takes everything when n is the whole set or more", () => {
    expect(stratifiedSample(tasks, 500, 1)).toHaveLength(100);
  });
});
