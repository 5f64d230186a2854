import { describe, expect, it } from "vitest";
import { mysqlColumnTypes } from "./mysqlColumnTypes";

const described = (types: string[]) => ({
  columns: ["Field", "Type", "Null", "Key", "Default", "Extra"],
  rows: types.map((t, i) => [`c${i}`, t, "YES", "", null, ""]),
  text: `[${types.map((t, i) => `('c${i}', '${t}', 'YES', '', None, '')`).join(", ")}]`,
});

describe("DESCRIBE's column types as MySQL 8 showed them", () => {
  it("drops an integer's display width, as MySQL 8 (InterCode's logs: ('Id', 'int', 'NO', 'PRI', …))", () => {
    const r = mysqlColumnTypes(
      "DESC cars_data",
      described(["int(11)", "bigint(20) unsigned", "smallint(6)", "varchar(12)", "float", "decimal(10,2)"]),
    );
    expect(r).toEqual(described(["int", "bigint unsigned", "smallint", "varchar(12)", "float", "decimal(10,2)"]));
  });

  it("keeps tinyint(1), which MySQL 8 still shows", () => {
    expect(mysqlColumnTypes("DESCRIBE t", described(["tinyint(1)", "tinyint(4)"]))).toEqual(described(["tinyint(1)", "tinyint"]));
  });

  it("reads SHOW COLUMNS and SHOW FULL FIELDS too, and nothing that does not describe columns", () => {
    expect(mysqlColumnTypes("show full fields from t", described(["int(11)"]))).toEqual(described(["int"]));
    expect(mysqlColumnTypes("SHOW COLUMNS FROM t", described(["int(11)"]))).toEqual(described(["int"]));
    const select = { columns: ["a", "Type"], rows: [[1, "int(11)"]], text: "[(1, 'int(11)')]" };
    expect(mysqlColumnTypes("SELECT a, Type FROM t", select)).toBe(select);
    const explain = { columns: ["id", "select_type"], rows: [[1, "SIMPLE"]], text: "[(1, 'SIMPLE')]" };
    expect(mysqlColumnTypes("EXPLAIN SELECT 1", explain)).toBe(explain);
    const error = { error: "Table 't.x' doesn't exist", code: 1146, text: "Error executing query: Table 't.x' doesn't exist" };
    expect(mysqlColumnTypes("DESC x", error)).toBe(error);
  });

  it("shows a current_timestamp() default as MySQL 8: CURRENT_TIMESTAMP, generated (InterCode's DESC votes)", () => {
    const columns = ["Field", "Type", "Null", "Key", "Default", "Extra"];
    const r = mysqlColumnTypes("DESC votes", {
      columns,
      rows: [
        ["created", "timestamp", "NO", "", "current_timestamp()", ""],
        ["seen", "timestamp", "NO", "", "current_timestamp()", "on update current_timestamp()"],
      ],
      text: "[('created', 'timestamp', 'NO', '', 'current_timestamp()', ''), ('seen', 'timestamp', 'NO', '', 'current_timestamp()', 'on update current_timestamp()')]",
    });
    expect(r).toEqual({
      columns,
      rows: [
        ["created", "timestamp", "NO", "", "CURRENT_TIMESTAMP", "DEFAULT_GENERATED"],
        ["seen", "timestamp", "NO", "", "CURRENT_TIMESTAMP", "DEFAULT_GENERATED on update CURRENT_TIMESTAMP"],
      ],
      text: "[('created', 'timestamp', 'NO', '', 'CURRENT_TIMESTAMP', 'DEFAULT_GENERATED'), ('seen', 'timestamp', 'NO', '', 'CURRENT_TIMESTAMP', 'DEFAULT_GENERATED on update CURRENT_TIMESTAMP')]",
    });
  });
});
