import type { SqlResult } from "./result";

// DESCRIBE / SHOW COLUMNS as MySQL 8 showed them, for `intercode` execution: since 8.0.19 MySQL
// no longer shows an integer type's display width (`int`, where MariaDB says `int(11)`), except
// `tinyint(1)` (and ZEROFILL columns, none in the Spider databases). Nothing else in the rows changes.

const DESCRIBE = /^\s*(desc|describe|explain|show\s+(full\s+)?(columns|fields))\s/i;
const INTEGER_WIDTH = /^(tinyint|smallint|mediumint|int|bigint)\(\d+\)( unsigned)?$/;
const QUOTED_INTEGER_WIDTH = /'((?:tinyint|smallint|mediumint|int|bigint)\(\d+\)(?: unsigned)?)'/g;

function withoutWidth(type: string): string {
  if (type === "tinyint(1)") return type;
  const m = INTEGER_WIDTH.exec(type);
  return m ? `${m[1]}${m[2] ?? ""}` : type;
}

/** The result of `sql` with the column types MySQL 8 showed, when it describes a table's columns. */
export function mysqlColumnTypes(sql: string, result: SqlResult): SqlResult {
  if (!DESCRIBE.test(sql) || !("rows" in result) || result.columns[1] !== "Type") return result;
  return {
    ...result,
    rows: result.rows.map((r) => r.map((v, i) => (i === 1 && typeof v === "string" ? withoutWidth(v) : v))),
    text: result.text.replace(QUOTED_INTEGER_WIDTH, (_, type: string) => `'${withoutWidth(type)}'`),
  };
}
