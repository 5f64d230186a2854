/**
 * The first turn (0-based) where two episodes' actions differ, comparing them with whitespace
 * runs collapsed; where one episode ends first, the turn after its last. Null when they are the same.
 */
export function firstDifference(a: readonly string[], b: readonly string[]): number | null {
  const norm = (s: string) => s.trim().replace(/\s+/g, " ");
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (norm(a[i]) !== norm(b[i])) return i;
  return a.length === b.length ? null : n;
}
