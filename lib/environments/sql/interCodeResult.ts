import { mysqlColumnTypes } from "./mysqlColumnTypes";
import { mysqlErrorText } from "./mysqlErrorText";
import type { SqlResult } from "./result";

/**
 * A statement's result as InterCode's MySQL 8 would have shown it: an error in MySQL 8's words
 * (the result keeps MariaDB's message in `error`), DESCRIBE's column types as MySQL 8 showed them.
 * `visible`: whether the player sees a database (asked for 1142 and 1044 only, DATABASE_ERRORS).
 */
export function interCodeResult(sql: string, result: SqlResult, visible: (db: string) => boolean): SqlResult {
  if (!("error" in result)) return mysqlColumnTypes(sql, result);
  return { ...result, text: `Error executing query: ${mysqlErrorText(result, sql, visible)}` };
}
