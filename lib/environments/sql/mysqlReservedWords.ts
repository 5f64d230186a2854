import type { SqlResult } from "./result";
import { sqlTokens } from "./sqlTokens";

// MySQL 8 reserves the names of its window functions and GROUPING; MariaDB 10.11 does not, so
// `MAX(rank)` runs here (or names an unknown column) where MySQL 8 refused the statement before
// running it. For `intercode` execution such a statement gets MySQL 8's syntax error instead of
// running. Where MySQL's parser stopped (InterCode's logs): in an expression the name starts a
// function call, so it stops at the next token (`near ') FROM losers'`, `near 'AS money_rank …'`);
// after AS or in a CREATE/ALTER it stops at the name itself. Quoted (`rank`) or qualified (t.rank)
// names are allowed in both, as is the function itself (`RANK() OVER …`).

const RESERVED = new Set([
  "cume_dist",
  "dense_rank",
  "first_value",
  "grouping",
  "lag",
  "last_value",
  "lead",
  "nth_value",
  "ntile",
  "percent_rank",
  "rank",
  "row_number",
]);
const NEAR_CHARS = 80;

/** MySQL 8's syntax error for a reserved name `sql` uses as an identifier; null when it uses none. */
export function mysqlReservedWordError(sql: string): SqlResult | null {
  const tokens = sqlTokens(sql);
  const ddl = /^(create|alter)$/i.test(tokens[0]?.text ?? "");
  for (const [k, t] of tokens.entries()) {
    if (t.quoted || !RESERVED.has(t.text.toLowerCase())) continue;
    const before = tokens[k - 1];
    const next = tokens[k + 1];
    if (before?.text === "." || next?.text === "(") continue;
    const at = ddl || before?.text.toLowerCase() === "as" ? t.start : (next?.start ?? sql.length);
    // the statement's text as MySQL read it: a trailing ; ends it (InterCode's `near ') FROM losers'`)
    const near = Array.from(sql.replace(/;\s*$/, "").slice(at)).slice(0, NEAR_CHARS).join("");
    const line = sql.slice(0, at).split("\n").length;
    const error = `You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near '${near}' at line ${line}`;
    return { error, code: 1064, text: `Error executing query: ${error}` };
  }
  return null;
}
