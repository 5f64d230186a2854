import { describe, expect, it } from "vitest";
import { pyRowStr } from "./pyRowStr";

describe("pyRowStr is Python's str(tuple(row))", () => {
  // Expected strings printed by CPython 3.11.
  it.each<[unknown[], string]>([
    [[1], "(1,)"],
    [[1, "a"], "(1, 'a')"],
    [[], "()"],
    [[null, true, false], "(None, True, False)"],
    [[2.5, 1e-5, 0.1, 100 / 3, -0.5], "(2.5, 1e-05, 0.1, 33.333333333333336, -0.5)"],
    [[1.5e300, 1e-7], "(1.5e+300, 1e-07)"],
    [["it's"], `("it's",)`],
    [['a"b'], `('a"b',)`],
    [["both'\""], `('both\\'"',)`],
    [["back\\slash", "tab\tnl\n"], "('back\\\\slash', 'tab\\tnl\\n')"],
    [["\x00\x1f\x7f"], "('\\x00\\x1f\\x7f',)"],
    [["\xa0\u0378é😀\u2028"], "('\\xa0\\u0378é😀\\u2028',)"],
    [["日本", ""], "('日本', '')"],
    [[[1, "a"], { k: 1, z: null }], "([1, 'a'], {'k': 1, 'z': None})"],
  ])("%j → %s", (row, expected) => {
    expect(pyRowStr(row)).toBe(expected);
  });

  it("prints a bigint as an int", () => {
    expect(pyRowStr([123456789012, 5n])).toBe("(123456789012, 5)");
  });

  it("prints a safe integer as an int (a FLOAT column's 3.0 was '3.0' in InterCode) and larger ones as floats", () => {
    expect(pyRowStr([3, -0])).toBe("(3, 0)");
    expect(pyRowStr([1e16])).toBe("(1e+16,)");
  });
});
