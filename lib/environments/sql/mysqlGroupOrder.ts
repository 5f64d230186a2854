// MySQL 8 gives GROUP BY's groups in the order it meets them; MariaDB sorts them by the grouping
// key unless the SELECT says ORDER BY NULL. For `intercode` execution a statement gets that ORDER
// BY NULL on each SELECT that groups without an ORDER BY of its own, so rows come in MySQL 8's
// order where both servers scan alike (README "SQL logs re-scored"). Not on a UNION's parts (an
// ORDER BY there needs parentheses) nor WITH ROLLUP (which refuses ORDER BY).

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
  let lastWord = "";
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    const top = stack.at(-1)!;
    if (c === "'" || c === '"' || c === "`") {
      i = quoteEnd(sql, i, c);
      continue;
    }
    if ((c === "-" && sql.startsWith("-- ", i)) || c === "#") {
      const nl = sql.indexOf("\n", i);
      i = nl < 0 ? sql.length : nl;
      continue;
    }
    if (c === "/" && sql[i + 1] === "*") {
      const e = sql.indexOf("*/", i + 2);
      i = e < 0 ? sql.length : e + 2;
      continue;
    }
    if (c === "(") stack.push(newScope());
    else if (c === ")") {
      if (stack.length > 1) close(stack.pop()!, i);
    } else if (c === ";") {
      close(top, trimmedEnd(sql, i));
      stack.splice(0, stack.length, newScope());
    } else if (/[A-Za-z_$]/.test(c)) {
      let j = i;
      while (j < sql.length && /[\w$]/.test(sql[j]!)) j++;
      const w = sql.slice(i, j).toUpperCase();
      if (w === "SELECT") top.select = true;
      else if (w === "BY" && lastWord === "GROUP") top.groupBy = true;
      else if (w === "BY" && lastWord === "ORDER") top.orderBy = true;
      else if (w === "UNION" || w === "INTERSECT" || w === "EXCEPT" || w === "ROLLUP") top.skip = true;
      else if (top.groupBy && top.before === null && AFTER_ORDER.has(w)) top.before = trimmedEnd(sql, i);
      lastWord = w;
      i = j;
      continue;
    }
    i++;
  }
  close(stack[0]!, trimmedEnd(sql, sql.length));
  if (inserts.length === 0) return null;
  let out = sql;
  for (const at of inserts.sort((a, b) => b - a)) out = out.slice(0, at) + NO_ORDER + out.slice(at);
  return out;
}

/** Where a quoted string, identifier or name ends (past its closing quote; a doubled or escaped quote stays inside). */
function quoteEnd(sql: string, start: number, q: string): number {
  for (let i = start + 1; i < sql.length; i++) {
    if (sql[i] === "\\" && q !== "`") i++;
    else if (sql[i] === q) {
      if (sql[i + 1] === q) i++;
      else return i + 1;
    }
  }
  return sql.length;
}

/** The position after the last non-space character before `end`. */
function trimmedEnd(sql: string, end: number): number {
  let e = end;
  while (e > 0 && /\s/.test(sql[e - 1]!)) e--;
  return e;
}
