/**
 * Whether the outermost SELECT of a (MySQL) query has an ORDER BY, i.e. whether the question asks
 * for the rows in an order. ORDER BY inside parentheses (subqueries, derived tables, window
 * functions, GROUP_CONCAT, parenthesised UNION members) does not count; neither does text inside
 * string literals, quoted identifiers or comments. A query wholly wrapped in parentheses is
 * looked at inside them. An ORDER BY after a UNION at the top level orders the whole result and
 * counts.
 */
export function hasOuterOrderBy(sql: string): boolean {
  let words = topLevelWords(sql);
  let inner = sql;
  // "(SELECT … ORDER BY …)" — no word outside the parentheses: look one level in.
  for (let guard = 0; words.length === 0 && guard < 100; guard++) {
    const unwrapped = unwrapParentheses(inner);
    if (unwrapped === null) break;
    inner = unwrapped;
    words = topLevelWords(inner);
  }
  for (let i = 0; i + 1 < words.length; i++) {
    if (words[i] === "ORDER" && words[i + 1] === "BY") return true;
  }
  return false;
}

/** The upper-cased words at parenthesis depth 0, in order, skipping literals and comments. */
function topLevelWords(sql: string): string[] {
  const words: string[] = [];
  let depth = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "'" || c === '"' || c === "`") {
      i = skipQuoted(sql, i);
    } else if (c === "#" || (c === "-" && sql[i + 1] === "-" && /^\s?$/.test(sql[i + 2] ?? ""))) {
      // MySQL: "-- " needs a blank after the dashes ("1--1" is arithmetic).
      const end = sql.indexOf("\n", i);
      i = end === -1 ? sql.length : end + 1;
    } else if (c === "/" && sql[i + 1] === "*") {
      const end = sql.indexOf("*/", i + 2);
      i = end === -1 ? sql.length : end + 2;
    } else if (c === "(") {
      depth++;
      i++;
    } else if (c === ")") {
      depth = Math.max(0, depth - 1);
      i++;
    } else if (isWordChar(c)) {
      let j = i + 1;
      while (j < sql.length && isWordChar(sql[j]!)) j++;
      if (depth === 0) words.push(sql.slice(i, j).toUpperCase());
      i = j;
    } else {
      i++;
    }
  }
  return words;
}

/** Index just past the literal or quoted identifier opening at `start` (doubled quotes and, except
 * in backtick identifiers, backslash escapes stay inside). An unterminated one runs to the end. */
function skipQuoted(sql: string, start: number): number {
  const quote = sql[start]!;
  let i = start + 1;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "\\" && quote !== "`") {
      i += 2;
    } else if (c === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else {
      i++;
    }
  }
  return sql.length;
}

/** "(…)" → "…" when the first "(" closes at the very end (ignoring blanks and ";"), else null. */
function unwrapParentheses(sql: string): string | null {
  const trimmed = sql
    .trim()
    .replace(/;+\s*$/, "")
    .trim();
  if (!trimmed.startsWith("(") || !trimmed.endsWith(")")) return null;
  let depth = 0;
  let i = 0;
  while (i < trimmed.length) {
    const c = trimmed[i]!;
    if (c === "'" || c === '"' || c === "`") {
      i = skipQuoted(trimmed, i);
      continue;
    }
    if (c === "(") depth++;
    if (c === ")") {
      depth--;
      if (depth === 0) return i === trimmed.length - 1 ? trimmed.slice(1, -1) : null;
    }
    i++;
  }
  return null;
}

function isWordChar(c: string): boolean {
  return /[A-Za-z0-9_$]/.test(c) || c.charCodeAt(0) > 0x7f;
}
