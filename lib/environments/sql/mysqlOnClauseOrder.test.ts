import { describe, expect, it } from "vitest";
import { isOnClauseError, onClauseProbes } from "./mysqlOnClauseOrder";

describe("MySQL 8's order of ON conditions", () => {
  it("asks each ON condition alone, the last first", () => {
    expect(
      onClauseProbes(
        "SELECT COUNT(*) FROM airports AS a1 JOIN flights AS f ON a1.c = f.d JOIN airports AS a2 ON a2.c = f.e WHERE x = 1",
      ),
    ).toEqual([
      "SELECT COUNT(*) FROM airports AS a1 JOIN flights AS f ON 1=1 JOIN airports AS a2 ON a2.c = f.e WHERE x = 1",
      "SELECT COUNT(*) FROM airports AS a1 JOIN flights AS f ON a1.c = f.d JOIN airports AS a2 ON 1=1 WHERE x = 1",
    ]);
    expect(onClauseProbes("SELECT * FROM a JOIN b ON a.x = b.x AND b.y = 'on' LEFT JOIN c ON (c.z = b.z);")).toEqual([
      "SELECT * FROM a JOIN b ON 1=1 LEFT JOIN c ON (c.z = b.z);",
      "SELECT * FROM a JOIN b ON a.x = b.x AND b.y = 'on' LEFT JOIN c ON 1=1;",
    ]);
  });
  it("has nothing to ask with one ON, or ONs at several levels", () => {
    expect(onClauseProbes("SELECT * FROM a JOIN b ON a.x = b.x")).toEqual([]);
    expect(onClauseProbes("SELECT * FROM a JOIN b ON a.x = b.x WHERE a.y IN (SELECT y FROM c JOIN d ON c.z = d.z)")).toEqual([]);
  });
  it("knows MariaDB's unknown column of an ON condition", () => {
    expect(isOnClauseError({ error: "Unknown column 'a1.c' in 'ON'", code: 1054, text: "" })).toBe(true);
    expect(isOnClauseError({ error: "Unknown column 'a1.c' in 'WHERE'", code: 1054, text: "" })).toBe(false);
  });
});
