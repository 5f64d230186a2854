// Python's `str(row)` for a result row (a tuple), from plain JS values. InterCode keys SQL rows by
// this string: rows are equal when their strings are, and Kendall's τ ranks rows by comparing
// these strings code point by code point. Reproducing the string reproduces both.
//
// Mapping (what a MySQL driver gives → what mysql-connector-python would have printed):
//   null / undefined → None        true / false → True / False
//   safe integer (|n| < 2^53) or bigint → int digits ("3"); other numbers → Python float repr
//     ("2.5", "1e-05", "1e+16", "inf"); an integral FLOAT column value (Python "3.0") cannot be
//     told apart from an INT here and prints as "3"
//   string → Python str repr (quote choice, escapes, non-printables)
//   array → list repr; plain object → dict repr; anything else → the repr of String(value)
// Values the connector returned as Decimal, date or bytes printed differently in InterCode
// ("Decimal('1.50')", "datetime.date(…)"); from plain values their order can differ in rare cases.

/** Python's `str(tuple(row))`. */
export function pyRowStr(row: readonly unknown[]): string {
  if (row.length === 1) return `(${pyRepr(row[0])},)`;
  return `(${row.map(pyRepr).join(", ")})`;
}

function pyRepr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") return pyNumberRepr(value);
  if (typeof value === "string") return pyStrRepr(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  if (isPlainObject(value)) {
    const items = Object.entries(value).map(([k, v]) => `${pyStrRepr(k)}: ${pyRepr(v)}`);
    return `{${items.join(", ")}}`;
  }
  return pyStrRepr(String(value));
}

function pyNumberRepr(x: number): string {
  if (Number.isSafeInteger(x)) return String(x);
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  // toExponential() with no argument gives the shortest digits that round-trip, like Python's repr.
  const [mantissa = "", exponentText = "0"] = x.toExponential().split("e");
  const exponent = Number(exponentText);
  const sign = mantissa.startsWith("-") ? "-" : "";
  const digits = mantissa.replace("-", "").replace(".", "");
  if (exponent < -4 || exponent >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = String(Math.abs(exponent)).padStart(2, "0");
    return `${sign}${m}e${exponent < 0 ? "-" : "+"}${e}`;
  }
  if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
  const fraction = digits.slice(exponent + 1) || "0";
  return `${sign}${whole}.${fraction}`;
}

/** Characters Python's str.isprintable() rejects (the ASCII space aside). */
const NOT_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;

function pyStrRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${hex(cp, 2)}`;
    else if (cp < 0x7f || !NOT_PRINTABLE.test(ch)) out += ch;
    else if (cp <= 0xff) out += `\\x${hex(cp, 2)}`;
    else if (cp <= 0xffff) out += `\\u${hex(cp, 4)}`;
    else out += `\\U${hex(cp, 8)}`;
  }
  return out + quote;
}

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, "0");
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
