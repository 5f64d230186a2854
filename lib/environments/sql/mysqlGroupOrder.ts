// MySQL 8 gives GROUP BY's groups in the order it meets them; MariaDB sorts them by the grouping
// key unless the SELECT says ORDER BY NULL. For `intercode` execution a statement gets that ORDER
// BY NULL on each SELECT that groups without an ORDER BY of its own, so rows come in MySQL 8's
// order where both servers scan alike (README "SQL logs re-scored"). Not on a UNION's parts (an
// ORDER BY there needs parentheses) nor WITH ROLLUP (which refuses ORDER BY).

import { sqlTokens } from "./sqlTokens";

const NO_ORDER = " ORDER BY NULL";

interface Scope {
  select: boolean;
  groupBy: boolean;
  orderBy: boolean;
  skip: boolean;
  /** Where a clause after ORDER BY starts (LIMIT, FOR UPDATE, …): the ORDER BY goes before it. */
  before: number | null;
}

const newScope = (): Scope => ({ select: false, groupBy: false, orderBy: false, skip: false, before: null });
const AFTER_ORDER = new Set(["LIMIT", "FOR", "LOCK", "INTO", "PROCEDURE"]);

/** The statement with ORDER BY NULL where MariaDB would sort groups MySQL 8 did not; null: nothing to add. */
export function mysqlGroupOrder(sql: string): string | null {
  const inserts: number[] = [];
  const stack: Scope[] = [newScope()];
  const close = (s: Scope, end: number) => {
    if (s.select && s.groupBy && !s.orderBy && !s.skip) inserts.push(s.before ?? end);
  };
  const tokens = sqlTokens(sql);
  for (const [k, t] of tokens.entries()) {
    const top = stack.at(-1)!;
    const endBefore = tokens[k - 1]?.end ?? 0; // the end of the text before this token
    const w = t.quoted ? "" : t.text.toUpperCase();
    const last = k > 0 && !tokens[k - 1]!.quoted ? tokens[k - 1]!.text.toUpperCase() : "";
    if (w === "(") stack.push(newScope());
    else if (w === ")") {
      if (stack.length > 1) close(stack.pop()!, endBefore);
    } else if (w === ";") {
      close(top, endBefore);
      stack.splice(0, stack.length, newScope());
    } else if (w === "SELECT") top.select = true;
    else if (w === "BY" && last === "GROUP") top.groupBy = true;
    else if (w === "BY" && last === "ORDER") top.orderBy = true;
    else if (w === "UNION" || w === "INTERSECT" || w === "EXCEPT" || w === "ROLLUP") top.skip = true;
    else if (top.groupBy && top.before === null && AFTER_ORDER.has(w)) top.before = endBefore;
  }
  close(stack[0]!, tokens.at(-1)?.end ?? 0);
  if (inserts.length === 0) return null;
  let out = sql;
  for (const at of inserts.sort((a, b) => b - a)) out = out.slice(0, at) + NO_ORDER + out.slice(at);
  return out;
}
