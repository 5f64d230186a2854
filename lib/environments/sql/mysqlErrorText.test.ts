import { describe, expect, it } from "vitest";
import { mysqlErrorText } from "./mysqlErrorText";

// MariaDB 10.11's messages (plateau/sql) against what InterCode's MySQL 8 logged for the same query.
const SPIDER = new Set(["concert_singer", "world_1", "information_schema"]);
const visible = (db: string) => SPIDER.has(db);
const asMySql = (code: number, message: string, sql = "") => mysqlErrorText({ code, error: message }, sql, visible);

describe("MariaDB's error messages as MySQL 8 worded them", () => {
  it("names the clause of an unknown column as MySQL 8 did", () => {
    expect(asMySql(1054, "Unknown column 'name' in 'SELECT'")).toBe("Unknown column 'name' in 'field list'");
    expect(asMySql(1054, "Unknown column 'earnings' in 'WHERE'")).toBe("Unknown column 'earnings' in 'where clause'");
    expect(asMySql(1054, "Unknown column 's.nope' in 'ON'")).toBe("Unknown column 's.nope' in 'on clause'");
    expect(asMySql(1054, "Unknown column '9' in 'ORDER BY'")).toBe("Unknown column '9' in 'order clause'");
    expect(asMySql(1054, "Unknown column 'nope' in 'GROUP BY'")).toBe("Unknown column 'nope' in 'group statement'");
    expect(asMySql(1054, "Unknown column 'x' in 'HAVING'")).toBe("Unknown column 'x' in 'having clause'");
    expect(
      mysqlErrorText(
        { code: 1054, error: "Unknown column 'profession' in 'WHERE'" },
        "SELECT DISTINCT first_name FROM owners WHERE first_name NOT IN (SELECT first_name FROM dogs) AND profession IS NOT NULL",
        () => true,
      ),
    ).toBe("Unknown column 'profession' in 'IN/ALL/ANY subquery'"); // MySQL 8 kept the subquery's name for the rest of the WHERE
    expect(
      mysqlErrorText(
        { code: 1054, error: "Unknown column 'profession' in 'WHERE'" },
        "SELECT a FROM t WHERE profession IN (SELECT b FROM u)",
        () => true,
      ),
    ).toBe("Unknown column 'profession' in 'where clause'");
    expect(asMySql(1054, "Unknown column 'airport_code' in 'IN/ALL/ANY'")).toBe(
      "Unknown column 'airport_code' in 'IN/ALL/ANY subquery'",
    );
    expect(asMySql(1054, "Unknown column 'nope' in 'SET'")).toBe("Unknown column 'nope' in 'field list'");
    expect(asMySql(1054, "Unknown column 'nope' in 'INSERT INTO'")).toBe("Unknown column 'nope' in 'field list'");
    expect(asMySql(1054, "Unknown column 'nope' in 'FROM'")).toBe("Unknown column 'nope' in 'from clause'");
    expect(asMySql(1054, "Unknown column 'it''s' in 'SELECT'")).toBe("Unknown column 'it''s' in 'field list'");
  });

  it("names the clause of an ambiguous column as MySQL 8 did, without quotes", () => {
    expect(asMySql(1052, "Column 'department_id' in SELECT is ambiguous")).toBe(
      "Column 'department_id' in field list is ambiguous",
    );
    expect(asMySql(1052, "Column 'Citizenship' in WHERE is ambiguous")).toBe("Column 'Citizenship' in where clause is ambiguous");
  });

  it("says MySQL in a syntax error, and quotes 80 characters of the statement where MariaDB cut at 77 and '...'", () => {
    const sql =
      "SELECT loser.name, winner.name FROM match JOIN team AS loser ON match.loser_id = loser.id JOIN team AS winner ON match.winner_id = winner.id";
    const near = "match JOIN team AS loser ON match.loser_id = loser.id JOIN team AS winner ON ...";
    const manual = "You have an error in your SQL syntax; check the manual that corresponds to your";
    expect(asMySql(1064, `${manual} MariaDB server version for the right syntax to use near '${near}' at line 1`, sql)).toBe(
      `${manual} MySQL server version for the right syntax to use near 'match JOIN team AS loser ON match.loser_id = loser.id JOIN team AS winner ON mat' at line 1`,
    );
    expect(
      asMySql(
        1064,
        `${manual} MariaDB server version for the right syntax to use near 'SELECT 2' at line 1`,
        "SELECT 1; SELECT 2",
      ),
    ).toBe(`${manual} MySQL server version for the right syntax to use near 'SELECT 2' at line 1`);
    // a short text that happens to end in "..." is the statement's own
    expect(
      asMySql(1064, `${manual} MariaDB server version for the right syntax to use near 'x...' at line 2`, "SELECT\nx..."),
    ).toBe(`${manual} MySQL server version for the right syntax to use near 'x...' at line 2`);
  });

  it("says MySQL where a feature is missing", () => {
    expect(asMySql(1235, "This version of MariaDB doesn't yet support 'LIMIT & IN/ALL/ANY/SOME subquery'")).toBe(
      "This version of MySQL doesn't yet support 'LIMIT & IN/ALL/ANY/SOME subquery'",
    );
  });

  it("answers 'Unknown database' where only the player's privileges refused a database that does not exist", () => {
    expect(
      asMySql(1142, "SELECT command denied to user 'player'@'localhost' for table `world`.`city`", "SELECT * FROM world.city"),
    ).toBe("Unknown database 'world'");
    expect(asMySql(1044, "Access denied for user 'player'@'localhost' to database 'world'", "USE world")).toBe(
      "Unknown database 'world'",
    );
    // a database that exists: MySQL's admin would have read it; the refusal stays
    const denied = "SELECT command denied to user 'player'@'localhost' for table `mysql`.`user`";
    expect(asMySql(1142, denied, "SELECT * FROM mysql.user")).toBe(denied);
    // CREATE DATABASE: MySQL's admin would have made it; nothing to say instead
    const create = "Access denied for user 'player'@'localhost' to database 'x'";
    expect(asMySql(1044, create, "CREATE DATABASE x")).toBe(create);
  });

  it("leaves every other message as MariaDB gave it", () => {
    expect(asMySql(1146, "Table 'concert_singer.nope' doesn't exist")).toBe("Table 'concert_singer.nope' doesn't exist");
    expect(mysqlErrorText({ code: null, error: "Lost connection" }, "", visible)).toBe("Lost connection");
  });
});
