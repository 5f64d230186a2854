import { describe, expect, it } from "vitest";
import { mysqlReservedWordError } from "./mysqlReservedWords";

const near = (text: string, line = 1) =>
  `Error executing query: You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near '${text}' at line ${line}`;

describe("MySQL 8's reserved window-function names", () => {
  it("refuse a statement as MySQL 8 did (InterCode's logs), at the token after the name", () => {
    expect(mysqlReservedWordError("SELECT MAX(rank) FROM losers")?.text).toBe(near(") FROM losers"));
    expect(mysqlReservedWordError("SELECT MAX(rank) FROM losers;\n")?.text).toBe(near(") FROM losers"));
    expect(mysqlReservedWordError("SELECT rank AS money_rank FROM poker_players ORDER BY height DESC LIMIT 1")?.text).toBe(
      near("AS money_rank FROM poker_players ORDER BY height DESC LIMIT 1"),
    );
    expect(mysqlReservedWordError("SELECT a\nFROM t ORDER BY Rank")).toMatchObject({ code: 1064, text: near("", 2) });
  });
  it("at the name itself after AS and in DDL, the text after near cut at 80 characters", () => {
    expect(mysqlReservedWordError("SELECT count(*) AS rank FROM t")?.text).toBe(near("rank FROM t"));
    const long = `CREATE TABLE t (row_number int, ${"x".repeat(100)} int)`;
    expect(mysqlReservedWordError(long)?.text).toBe(near(long.slice(16, 96)));
  });
  it("lets quoted and qualified names, the functions, and strings and comments be", () => {
    for (const sql of [
      "SELECT `rank` FROM t",
      "SELECT t.rank FROM t",
      "SELECT RANK() OVER (ORDER BY a) FROM t",
      "SELECT 'rank' FROM t -- rank",
      "SELECT ranking, lagged FROM t",
    ])
      expect(mysqlReservedWordError(sql), sql).toBeNull();
  });
});
