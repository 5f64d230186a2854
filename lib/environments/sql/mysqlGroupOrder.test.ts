import { describe, expect, it } from "vitest";
import { mysqlGroupOrder } from "./mysqlGroupOrder";

describe("mysqlGroupOrder", () => {
  it("asks for no order where a SELECT groups without ORDER BY, before LIMIT and a trailing ;", () => {
    expect(mysqlGroupOrder("SELECT a, count(*) FROM t GROUP BY a")).toBe("SELECT a, count(*) FROM t GROUP BY a ORDER BY NULL");
    expect(mysqlGroupOrder("SELECT a FROM t GROUP BY a HAVING count(*) > 1 LIMIT 3;\n")).toBe(
      "SELECT a FROM t GROUP BY a HAVING count(*) > 1 ORDER BY NULL LIMIT 3;\n",
    );
  });
  it("puts it after the statement's last string or name, before a trailing comment", () => {
    expect(mysqlGroupOrder("SELECT a FROM t GROUP BY a HAVING max(b) = 'x' -- why")).toBe(
      "SELECT a FROM t GROUP BY a HAVING max(b) = 'x' ORDER BY NULL -- why",
    );
    expect(mysqlGroupOrder("SELECT `a` FROM t GROUP BY `a`")).toBe("SELECT `a` FROM t GROUP BY `a` ORDER BY NULL");
  });
  it("reaches subqueries and derived tables, each on its own", () => {
    expect(mysqlGroupOrder("SELECT * FROM (SELECT a FROM t GROUP BY a) x ORDER BY 1")).toBe(
      "SELECT * FROM (SELECT a FROM t GROUP BY a ORDER BY NULL) x ORDER BY 1",
    );
    expect(mysqlGroupOrder("SELECT a FROM t WHERE b IN (SELECT b FROM u GROUP BY b ORDER BY b) GROUP BY a")).toBe(
      "SELECT a FROM t WHERE b IN (SELECT b FROM u GROUP BY b ORDER BY b) GROUP BY a ORDER BY NULL",
    );
  });
  it("leaves what has an order, or cannot take one, alone", () => {
    for (const sql of [
      "SELECT a FROM t GROUP BY a ORDER BY count(*) DESC LIMIT 1",
      "SELECT a FROM t",
      "SELECT a FROM t GROUP BY a UNION SELECT b FROM u GROUP BY b",
      "SELECT a, sum(b) FROM t GROUP BY a WITH ROLLUP",
      "SELECT 'GROUP BY' FROM t",
      "SELECT `group by` FROM t -- GROUP BY a",
      "SELECT GROUP_CONCAT(a ORDER BY a), b FROM t GROUP BY b ORDER BY b",
    ])
      expect(mysqlGroupOrder(sql), sql).toBeNull();
    expect(mysqlGroupOrder("SELECT rank() OVER (ORDER BY a), a FROM t GROUP BY a")).toBe(
      "SELECT rank() OVER (ORDER BY a), a FROM t GROUP BY a ORDER BY NULL",
    );
  });
});
