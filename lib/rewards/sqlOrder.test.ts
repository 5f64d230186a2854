import { describe, expect, it } from "vitest";
import { hasOuterOrderBy } from "./sqlOrder";

describe("hasOuterOrderBy", () => {
  it.each([
    ["SELECT name FROM singer ORDER BY net_worth_millions ASC", true],
    ["select a from t order by a desc limit 1", true],
    ["SELECT a FROM t ORDER\n   BY a;", true],
    ["SELECT a FROM t ORDER /* why */ BY a", true],
    ["SELECT 'it''s', a FROM t ORDER BY a", true],
    ["SELECT a FROM t UNION SELECT a FROM u ORDER BY a", true],
    ["(SELECT a FROM t ORDER BY a)", true],
    ["((SELECT a FROM t ORDER BY a));", true],
    ["(SELECT a FROM t ORDER BY a LIMIT 1) ORDER BY a DESC", true],
    ["SELECT a FROM t", false],
    ["SELECT a, count(*) FROM t GROUP BY a", false],
    [
      "SELECT COUNT(*) FROM CARS_DATA WHERE Accelerate > ( SELECT Accelerate FROM CARS_DATA ORDER BY Horsepower DESC LIMIT 1 );",
      false,
    ],
    ["SELECT * FROM (SELECT a FROM t ORDER BY a) AS sub", false],
    ["SELECT a, ROW_NUMBER() OVER (ORDER BY b) FROM t", false],
    ["SELECT GROUP_CONCAT(a ORDER BY a) FROM t", false],
    ["(SELECT a FROM t ORDER BY a LIMIT 2) UNION (SELECT a FROM u)", false],
    ["SELECT a FROM t WHERE b = 'ORDER BY'", false],
    ["SELECT a FROM t WHERE b = 'x\\' ORDER BY a'", false],
    ['SELECT a FROM t WHERE b = "order by"', false],
    ["SELECT `order by` FROM t", false],
    ["SELECT order_by FROM t", false],
    ["SELECT a FROM t -- ORDER BY a", false],
    ["SELECT a FROM t # ORDER BY a", false],
    ["SELECT a FROM t /* ORDER BY a */", false],
    ["SELECT 1--1 FROM t ORDER BY a", true],
    ["", false],
  ])("%j → %s", (sql, expected) => {
    expect(hasOuterOrderBy(sql)).toBe(expected);
  });
});
