// PostgreSQL text and jsonb cannot hold U+0000, which real logs and live output contain (a CTF
// hexdump, `head -c 8 /dev/zero`). It is stored as U+2400 "␀", the visible symbol for NUL;
// everything else is kept as it was.

const NUL = /\u0000/g;

export function pgText(s: string): string {
  return s.includes("\u0000") ? s.replace(NUL, "\u2400") : s;
}

export function pgJson(value: unknown): unknown {
  if (typeof value === "string") return pgText(value);
  if (Array.isArray(value)) return value.map(pgJson);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [pgText(k), pgJson(v)]));
  }
  return value;
}

/** Terminal output as stored: a terminal ignores NUL, so dropping it keeps the screen exactly as it was seen. */
export function pgTerminal(s: string): string {
  return s.includes("\u0000") ? s.replace(NUL, "") : s;
}
