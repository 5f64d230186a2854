import { describe, expect, it } from "vitest";
import { rowKey } from "./rowKey";

describe("rowKey", () => {
  it.each<[string, unknown[], unknown[], boolean]>([
    ["a number and its numeric string differ", [1], ["1"], false],
    ["1 and 1.0 are one JS number", [1], [1.0], true],
    ["a bigint equals the number of the same value", [5n], [5], true],
    ["null and undefined are both NULL", [null], [undefined], true],
    ["NaN is not NULL", [Number.NaN], [null], false],
    ["object key order does not matter", [{ a: 1, b: 2 }], [{ b: 2, a: 1 }], true],
    ["cell boundaries matter", ["a,b"], ["a", "b"], false],
    ["same instant, same Date", [new Date(0)], [new Date("1970-01-01T00:00:00Z")], true],
    ["a Date is not its ISO string", [new Date(0)], ["1970-01-01T00:00:00.000Z"], false],
    ["unicode strings compare exactly", ["é"], ["e\u0301"], false],
  ])("%s", (_why, a, b, same) => {
    expect(rowKey(a) === rowKey(b)).toBe(same);
  });
});
