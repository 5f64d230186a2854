// MariaDB's error messages as MySQL 8 worded them, for `intercode` execution: InterCode's server
// was MySQL 8 and an agent read its text. Only mappings that follow from the error code and its
// message template; what depends on how each server parses or plans a query is left as it is
// (README "SQL logs re-scored" lists both).

import { sqlTokens } from "./sqlTokens";

/** MariaDB's error as a step's result holds it (code and message). */
export interface SqlError {
  code: number | null;
  error: string;
}

// Where a column was looked up (MariaDB 10.11's names → MySQL 8's, both servers' `thd->where`).
const CLAUSES: Record<string, string> = {
  SELECT: "field list",
  SET: "field list",
  "INSERT INTO": "field list",
  WHERE: "where clause",
  ON: "on clause",
  HAVING: "having clause",
  "ORDER BY": "order clause",
  "GROUP BY": "group statement",
  FROM: "from clause",
  "IN/ALL/ANY": "IN/ALL/ANY subquery",
};

// Schemas MySQL 8 has besides the task databases; InterCode's admin could read them.
const SYSTEM_SCHEMAS = new Set(["information_schema", "mysql", "performance_schema", "sys"]);

// MariaDB cuts the text after "near" at 80 characters as 77 and "...", MySQL at 80.
const NEAR_LIMIT = 80;
const NEAR =
  /^(You have an error in your SQL syntax; check the manual that corresponds to your )MariaDB( server version for the right syntax to use near ')([\s\S]*)(' at line \d+)$/;

/** The codes whose MySQL 8 text depends on which databases exist (ask `visible` only for these). */
export const DATABASE_ERRORS: ReadonlySet<number> = new Set([1142, 1044]);

const clause = (where: string) => CLAUSES[where] ?? where;

/**
 * Whether `column` is named in the WHERE after an `IN (SELECT …)` (or ANY, ALL, SOME): MySQL 8
 * left the subquery's clause name set for the rest of the WHERE (InterCode's `Unknown column
 * 'profession' in 'IN/ALL/ANY subquery'` for `WHERE a NOT IN (SELECT …) AND profession …`).
 */
function afterSubquery(sql: string, column: string): boolean {
  const tokens = sqlTokens(sql);
  const where = tokens.findIndex((t) => !t.quoted && t.text.toLowerCase() === "where");
  for (let k = where + 1; where >= 0 && k < tokens.length - 2; k++) {
    const [t, open, select] = [tokens[k]!, tokens[k + 1]!, tokens[k + 2]!];
    if (!/^(in|any|all|some)$/i.test(t.text) || t.quoted || open.text !== "(" || select.text.toLowerCase() !== "select") continue;
    let depth = 0;
    for (let e = k + 1; e < tokens.length; e++) {
      if (tokens[e]!.text === "(") depth++;
      if (tokens[e]!.text === ")" && --depth === 0) return sql.slice(tokens[e]!.end).toLowerCase().includes(column.toLowerCase());
    }
  }
  return false;
}

/** The text after "near": MySQL's 80 characters of the statement where MariaDB put 77 and "...". */
function nearText(near: string, sql: string): string {
  if (!near.endsWith("...") || Array.from(near).length !== NEAR_LIMIT) return near;
  const at = sql.indexOf(near.slice(0, -3));
  return at < 0 ? near : Array.from(sql.slice(at)).slice(0, NEAR_LIMIT).join("");
}

/**
 * MySQL 8's message for an error MariaDB gave on `sql`. `visible` says whether the player's
 * account sees a database (SHOW DATABASES): one it does not see, and not one of MySQL's own,
 * did not exist on InterCode's server, where the admin account was refused nothing.
 */
export function mysqlErrorText(error: SqlError, sql: string, visible: (db: string) => boolean): string {
  const { code, error: message } = error;
  const exists = (db: string) => visible(db) || SYSTEM_SCHEMAS.has(db.toLowerCase());
  let m: RegExpExecArray | null;
  switch (code) {
    case 1054: // ER_BAD_FIELD_ERROR: Unknown column '%s' in '%s'
      if ((m = /^Unknown column '([\s\S]*)' in '([^']*)'$/.exec(message)))
        return `Unknown column '${m[1]}' in '${m[2] === "WHERE" && afterSubquery(sql, m[1]!) ? CLAUSES["IN/ALL/ANY"] : clause(m[2]!)}'`;
      break;
    case 1052: // ER_NON_UNIQ_ERROR: Column '%s' in %s is ambiguous
      if ((m = /^Column '([\s\S]*)' in (.*) is ambiguous$/.exec(message)))
        return `Column '${m[1]}' in ${clause(m[2])} is ambiguous`;
      break;
    case 1064: // ER_PARSE_ERROR
      if ((m = NEAR.exec(message))) return `${m[1]}MySQL${m[2]}${nearText(m[3], sql)}${m[4]}`;
      break;
    case 1235: // ER_NOT_SUPPORTED_YET: This version of %s doesn't yet support '%s'
      return message.replace(/^This version of MariaDB /, "This version of MySQL ");
    case 1142: // ER_TABLEACCESS_DENIED_ERROR … for table `db`.`t`: MySQL's admin got ER_BAD_DB_ERROR
      if ((m = /^\w+ command denied to user '[^']*'@'[^']*' for table `([^`]+)`\.`[^`]*`$/.exec(message)) && !exists(m[1]))
        return `Unknown database '${m[1]}'`;
      break;
    case 1044: // ER_DBACCESS_DENIED_ERROR on USE or SHOW … FROM db: the same
      if (
        /^\s*(use|show)\b/i.test(sql) &&
        (m = /^Access denied for user '[^']*'@'[^']*' to database '([^']*)'$/.exec(message)) &&
        !exists(m[1])
      )
        return `Unknown database '${m[1]}'`;
      break;
  }
  return message;
}
