/**
 * The canonical key of a SQL result row in plateau mode: two rows are the same row exactly when
 * their keys are equal. It is JSON-like and compares values as they are: the number 1 and the
 * string "1" differ, 1 and 1.0 are the same JS number, a bigint equals the number with the same
 * value (5n ≡ 5), NaN/±Infinity are their own values, a Date is its instant, plain objects compare
 * with sorted keys, null and undefined are both SQL NULL.
 */
export function rowKey(row: readonly unknown[]): string {
  return canonical(row);
}

function canonical(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") return Number.isFinite(value) ? JSON.stringify(value) : String(value);
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value instanceof Date) return `date(${Number.isNaN(value.getTime()) ? "invalid" : value.toISOString()})`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(String(value));
}
