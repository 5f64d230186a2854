import type { SqlResult } from "./result";

// DESCRIBE / SHOW COLUMNS as MySQL 8 showed them, for `intercode` execution: since 8.0.19 MySQL
// no longer shows an integer type's display width (`int`, where MariaDB says `int(11)`), except
// `tinyint(1)` (and ZEROFILL columns, none in the Spider databases). A `current_timestamp()` default
// reads as MySQL 8 showed it: `CURRENT_TIMESTAMP`, with `DEFAULT_GENERATED` in Extra (InterCode's
// `DESC votes`). Nothing else in the rows changes.

const DESCRIBE = /^\s*(desc|describe|explain|show\s+(full\s+)?(columns|fields))\s/i;
const INTEGER_WIDTH = /^(tinyint|smallint|mediumint|int|bigint)\(\d+\)( unsigned)?$/;
const QUOTED_INTEGER_WIDTH = /'((?:tinyint|smallint|mediumint|int|bigint)\(\d+\)(?: unsigned)?)'/g;

function withoutWidth(type: string): string {
  if (type === "tinyint(1)") return type;
  const m = INTEGER_WIDTH.exec(type);
  return m ? `${m[1]}${m[2] ?? ""}` : type;
}

const NOW = "current_timestamp()";
const MYSQL_NOW = "CURRENT_TIMESTAMP";
const GENERATED = "DEFAULT_GENERATED";
// Default and Extra side by side in the printed row (Extra: nothing, or MariaDB's ON UPDATE).
const QUOTED_NOW_DEFAULT = /'current_timestamp\(\)', '(on update current_timestamp\(\))?'/g;

const mysqlExtra = (extra: string) => (extra ? `${GENERATED} ${extra.replace(NOW, MYSQL_NOW)}` : GENERATED);

/** The result of `sql` with the column types MySQL 8 showed, when it describes a table's columns. */
export function mysqlColumnTypes(sql: string, result: SqlResult): SqlResult {
  if (!DESCRIBE.test(sql) || !("rows" in result) || result.columns[1] !== "Type") return result;
  const [byDefault, extra] = [result.columns.indexOf("Default"), result.columns.indexOf("Extra")];
  const row = (r: (typeof result.rows)[number]) => {
    const now = r[byDefault] === NOW && typeof r[extra] === "string";
    return r.map((v, i) => {
      if (i === 1 && typeof v === "string") return withoutWidth(v);
      if (now && i === byDefault) return MYSQL_NOW;
      if (now && i === extra) return mysqlExtra(v as string);
      return v;
    });
  };
  return {
    ...result,
    rows: result.rows.map(row),
    text: result.text
      .replace(QUOTED_INTEGER_WIDTH, (_, type: string) => `'${withoutWidth(type)}'`)
      .replace(QUOTED_NOW_DEFAULT, (_, onUpdate: string | undefined) => `'${MYSQL_NOW}', '${mysqlExtra(onUpdate ?? "")}'`),
  };
}
