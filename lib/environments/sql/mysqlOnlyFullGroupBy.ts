import type { SqlResult } from "./result";
import { AFTER_FROM, JOIN_WORDS, sqlTokens, type Token } from "./sqlTokens";

// MySQL 8 runs with ONLY_FULL_GROUP_BY: a SELECT that aggregates without GROUP BY may not also
// name a plain column (`SELECT min(Version_Number), template_type_code FROM Templates`, error
// 1140). MariaDB is run without it (its version of the rule knows no functional dependence and
// would refuse golds MySQL 8 runs), so for `intercode` execution a statement MariaDB ran is given
// MySQL 8's error when its outermost or any nested SELECT is of that form. Only that form: with a
// GROUP BY, MySQL 8's functional dependence decides (error 1055), which this does not follow. A
// column that WHERE sets equal to something is left alone (MySQL 8 may take it as constant).

const AGGREGATES = new Set([
  "avg",
  "bit_and",
  "bit_or",
  "bit_xor",
  "count",
  "group_concat",
  "json_arrayagg",
  "json_objectagg",
  "max",
  "min",
  "std",
  "stddev",
  "stddev_pop",
  "stddev_samp",
  "sum",
  "var_pop",
  "var_samp",
  "variance",
]);
const MODIFIERS = new Set([
  "distinct",
  "all",
  "distinctrow",
  "high_priority",
  "straight_join",
  "sql_no_cache",
  "sql_cache",
  "sql_calc_found_rows",
]);
const NOT_NAMES = new Set(["null", "true", "false", "*", "as"]);
const SCOPE_END = new Set(["union", "intersect", "except", ";"]);
const FROM_END = new Set([...AFTER_FROM, "for", "lock", "into"]);

const lower = (t: Token | undefined) => (t && !t.quoted ? t.text.toLowerCase() : "");
const isName = (t: Token | undefined) =>
  !!t && (t.quoted ? t.text !== "" : /^[A-Za-z_$][\w$]*$/.test(t.text) && !NOT_NAMES.has(t.text.toLowerCase()));

/** MySQL 8's error 1140 for a statement MariaDB ran without ONLY_FULL_GROUP_BY; null when MySQL 8 ran it too. `db`: the current database. */
export function mysqlOnlyFullGroupByError(sql: string, db: string | null): SqlResult | null {
  const tokens = sqlTokens(sql);
  for (const [s, t] of tokens.entries()) {
    if (lower(t) !== "select") continue;
    const scope = scopeOf(tokens, s + 1);
    if (scope.some((x) => x.depth === 0 && lower(x.t) === "group" && lower(tokens[x.i + 1]) === "by")) continue;
    const from = scope.findIndex((x) => x.depth === 0 && lower(x.t) === "from");
    const list = (from < 0 ? scope : scope.slice(0, from)).filter(
      (x, k, all) => !(k === 0 && MODIFIERS.has(lower(x.t))) || all.length === 1,
    );
    const exprs = splitAt(list, ",");
    const aggregate = (x: At) =>
      !x.inSubquery && AGGREGATES.has(lower(x.t)) && tokens[x.i + 1]?.text === "(" && !windowed(tokens, x.i + 1);
    if (!exprs.some((e) => e.some(aggregate))) continue;
    const where = scope.slice(scope.findIndex((x) => x.depth === 0 && lower(x.t) === "where"));
    for (const [n, e] of exprs.entries()) {
      const column = plainColumn(e.map((x) => x.t));
      if (!column) continue;
      const name = column.at(-1)!;
      if (
        scope.some((x) => x.depth === 0 && lower(x.t) === "where") &&
        where.some((x, k) => x.t.text.toLowerCase() === name.toLowerCase() && where[k + 1]?.t.text === "=")
      )
        continue;
      const table = column.length > 1 ? column.at(-2)! : firstTable(from < 0 ? [] : scope.slice(from + 1).map((x) => x.t));
      const schema = (column.length > 2 ? column[0]! : db)?.toLowerCase(); // lower_case_table_names
      if (!table || !schema) return null;
      const error = `In aggregated query without GROUP BY, expression #${n + 1} of SELECT list contains nonaggregated column '${schema}.${table}.${name}'; this is incompatible with sql_mode=only_full_group_by`;
      return { error, code: 1140, text: `Error executing query: ${error}` };
    }
  }
  return null;
}

interface At {
  t: Token;
  i: number;
  depth: number;
  /** Inside a nested SELECT (its aggregates are its own). */
  inSubquery: boolean;
}

/** The tokens of one SELECT from `start`: to the ) that closes it, or a UNION or ; at its level. */
function scopeOf(tokens: Token[], start: number): At[] {
  const out: At[] = [];
  const subquery: boolean[] = []; // per open parenthesis: whether a SELECT starts it
  for (let i = start; i < tokens.length; i++) {
    const t = tokens[i]!;
    const open = t.text === "(" && !t.quoted;
    if (t.text === ")" && !t.quoted && subquery.pop() === undefined) break;
    if (subquery.length === 0 && SCOPE_END.has(lower(t))) break;
    out.push({ t, i, depth: subquery.length, inSubquery: subquery.includes(true) });
    if (open) subquery.push(lower(tokens[i + 1]) === "select");
  }
  return out;
}

function splitAt(list: At[], sep: string): At[][] {
  const out: At[][] = [[]];
  for (const x of list) {
    if (x.depth === 0 && x.t.text === sep && !x.t.quoted) out.push([]);
    else out.at(-1)!.push(x);
  }
  return out;
}

/** Whether the call whose ( is at `open` is followed by OVER: a window function, not an aggregate. */
function windowed(tokens: Token[], open: number): boolean {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (tokens[i]!.text === "(") depth++;
    if (tokens[i]!.text === ")" && --depth === 0) return lower(tokens[i + 1]) === "over";
  }
  return false;
}

/** [db?, table?, column] when an expression is a column alone (`c`, `t.c`, `d.t.c`, with an alias or not). */
function plainColumn(e: Token[]): string[] | null {
  const parts: string[] = [];
  let k = 0;
  for (;;) {
    if (!isName(e[k])) return null;
    parts.push(e[k]!.text);
    if (e[k + 1]?.text === "." && parts.length < 3) k += 2;
    else break;
  }
  const rest = e.slice(k + 1);
  const alias =
    rest.length === 0 ||
    (rest.length === 1 && (isName(rest[0]) || rest[0]!.quoted)) ||
    (rest.length === 2 && lower(rest[0]) === "as");
  return alias ? parts : null;
}

/** The name the first table of a FROM list goes by: its alias, else its name (lower case: lower_case_table_names). */
function firstTable(from: Token[]): string | null {
  const end = from.findIndex((t) => FROM_END.has(lower(t)) || JOIN_WORDS.has(lower(t)) || t.text === "," || lower(t) === "on");
  const head = from.slice(0, end < 0 ? from.length : end);
  if (!isName(head[0])) return null;
  let k = 0;
  while (head[k + 1]?.text === "." && isName(head[k + 2])) k += 2;
  const alias = head[k + 1] && lower(head[k + 1]) === "as" ? head[k + 2] : head[k + 1];
  if (alias && isName(alias) && !JOIN_WORDS.has(lower(alias))) return alias.text;
  return head[k]!.text.toLowerCase();
}
