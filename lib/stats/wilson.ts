/** z for a two-sided 95 % interval. */
export const Z95 = 1.959963984540054;

/**
 * Wilson score interval for a proportion: `successes` out of `n`, as fractions in [0, 1].
 * Unlike the normal approximation it stays inside [0, 1] and is sensible at 0 and n.
 * n = 0 gives [0, 1] (nothing is known).
 */
export function wilson(successes: number, n: number, z = Z95): { low: number; high: number } {
  if (!Number.isFinite(n) || n <= 0) return { low: 0, high: 1 };
  if (successes < 0 || successes > n) throw new RangeError(`wilson: successes ${successes} outside 0…${n}`);
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At 0 and n the bounds are exactly 0 and 1 (floating point would give 0.9999999999999999).
  return { low: successes === 0 ? 0 : Math.max(0, centre - half), high: successes === n ? 1 : Math.min(1, centre + half) };
}
