import { describe, expect, it } from "vitest";
import { mysqlOnlyFullGroupByError } from "./mysqlOnlyFullGroupBy";

const refused = (n: number, column: string) =>
  `Error executing query: In aggregated query without GROUP BY, expression #${n} of SELECT list contains nonaggregated column '${column}'; this is incompatible with sql_mode=only_full_group_by`;

describe("MySQL 8's ONLY_FULL_GROUP_BY without GROUP BY", () => {
  it("refuses a plain column beside an aggregate, in InterCode's words", () => {
    expect(
      mysqlOnlyFullGroupByError("SELECT MIN(Version_Number), Template_Type_Code FROM templates", "cre_Doc_Template_Mgt")?.text,
    ).toBe(refused(2, "cre_doc_template_mgt.templates.Template_Type_Code"));
    expect(
      mysqlOnlyFullGroupByError(
        "SELECT s.Name, s.Capacity, AVG(c.x) AS a FROM stadium s JOIN concert c ON s.Stadium_ID = c.Stadium_ID",
        "concert_singer",
      ),
    ).toMatchObject({ code: 1140, text: refused(1, "concert_singer.s.Name") });
    expect(
      mysqlOnlyFullGroupByError("SELECT MAX(Earnings) AS Max_Earnings, Money_Rank FROM Poker_Player", "poker_player")?.text,
    ).toBe(refused(2, "poker_player.poker_player.Money_Rank"));
    expect(mysqlOnlyFullGroupByError("SELECT * FROM t WHERE x IN (SELECT max(a), b FROM u)", "d")?.text).toBe(
      refused(2, "d.u.b"),
    );
  });
  it("lets grouped, all-aggregate, windowed and constant-column queries be", () => {
    for (const sql of [
      "SELECT a, count(*) FROM t GROUP BY a",
      "SELECT count(*), max(a) + 1 FROM t",
      "SELECT a, sum(b) OVER () FROM t",
      "SELECT name, max(age) FROM t WHERE name = 'x'",
      "SELECT 'total', count(*) FROM t",
      "SELECT a FROM t",
      "SELECT (SELECT max(b) FROM u), a FROM t",
    ])
      expect(mysqlOnlyFullGroupByError(sql, "d"), sql).toBeNull();
  });
});
