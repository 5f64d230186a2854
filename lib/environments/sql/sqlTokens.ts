// A statement's tokens for the text-level rules of `intercode` execution (mysqlGroupOrder,
// mysqlReservedWords): words, quoted names and strings, and single punctuation characters, with
// where each starts and ends. Comments are skipped, and nothing inside quotes counts as a word.

export interface Token {
  /** A word as written, a backquoted name without its quotes, "" for a string, or one punctuation character. */
  text: string;
  start: number;
  end: number;
  quoted: boolean;
}

export function sqlTokens(sql: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (/\s/.test(c)) i++;
    else if (c === "'" || c === '"' || c === "`") {
      let j = i + 1;
      for (; j < sql.length; j++) {
        if (sql[j] === "\\" && c !== "`") j++;
        else if (sql[j] === c && sql[j + 1] === c) j++;
        else if (sql[j] === c) break;
      }
      out.push({ text: c === "`" ? sql.slice(i + 1, j) : "", start: i, end: Math.min(j + 1, sql.length), quoted: true });
      i = j + 1;
    } else if ((c === "-" && sql.startsWith("-- ", i)) || c === "#") {
      const nl = sql.indexOf("\n", i);
      i = nl < 0 ? sql.length : nl;
    } else if (c === "/" && sql[i + 1] === "*") {
      const e = sql.indexOf("*/", i + 2);
      i = e < 0 ? sql.length : e + 2;
    } else if (/[\w$]/.test(c)) {
      let j = i;
      while (j < sql.length && /[\w$]/.test(sql[j]!)) j++;
      out.push({ text: sql.slice(i, j), start: i, end: j, quoted: false });
      i = j;
    } else {
      out.push({ text: c, start: i, end: i + 1, quoted: false });
      i++;
    }
  }
  return out;
}

/** Words that end a FROM list's last table, or an ON condition: the clauses after FROM. */
export const AFTER_FROM = new Set(["where", "group", "having", "order", "limit", "window", "union", "intersect", "except"]);
/** Words that start a join (and so end the table or ON condition before it). */
export const JOIN_WORDS = new Set(["join", "inner", "left", "right", "cross", "natural", "straight_join", "full"]);
