import type { SqlResult } from "./result";
import { AFTER_FROM, JOIN_WORDS, sqlTokens } from "./sqlTokens";

// With several joins, MySQL 8 resolved the ON conditions from the last to the first and MariaDB
// from the first: of two ON clauses naming unknown columns, MySQL named the later one's
// (`'a2.airport_code'` where MariaDB names `'a1.airport_code'`, InterCode's logs). For `intercode`
// execution such an error is asked again of each ON condition alone, the last first (the others
// made `1=1`, nothing else changed): the first that fails gives MySQL 8's message.

const ON_END = new Set([...AFTER_FROM, ...JOIN_WORDS, "using", "on"]);

/** Whether a result is MariaDB's unknown column of an ON condition (MySQL 8: `in 'on clause'`). */
export function isOnClauseError(r: SqlResult): boolean {
  return "error" in r && r.code === 1054 && /^Unknown column '[\s\S]*' in 'ON'$/.test(r.error);
}

/** The statement with one ON condition kept and the others `1=1`, for each, from the last; [] with fewer than two at one level. */
export function onClauseProbes(sql: string): string[] {
  const tokens = sqlTokens(sql);
  const conditions: { start: number; end: number }[] = [];
  let depth = 0;
  let level: number | null = null;
  let open: number | null = null; // the start of the condition being read
  const finish = (end: number) => {
    if (open !== null) conditions.push({ start: open, end });
    open = null;
  };
  for (const [k, t] of tokens.entries()) {
    const w = t.quoted ? "" : t.text.toLowerCase();
    if (open !== null && depth === level && (ON_END.has(w) || w === "," || w === ";" || w === ")")) finish(tokens[k - 1]!.end);
    if (w === "(") depth++;
    if (w === ")") depth--;
    if (w === "on" && !t.quoted) {
      if (level !== null && level !== depth) return []; // ON clauses at several levels: left as MariaDB said
      level = depth;
      open = tokens[k + 1]?.start ?? null;
    }
  }
  finish(tokens.at(-1)?.end ?? sql.length);
  if (conditions.length < 2) return [];
  return conditions
    .map((keep) => {
      let out = sql;
      for (const c of [...conditions].reverse()) if (c !== keep) out = `${out.slice(0, c.start)}1=1${out.slice(c.end)}`;
      return out;
    })
    .reverse();
}
