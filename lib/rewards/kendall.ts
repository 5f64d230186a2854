/**
 * Kendall's τ-b of two equally long sequences, as `scipy.stats.kendalltau(x, y).statistic`:
 *
 *   τ-b = (C − D) / √((n₀ − n₁)(n₀ − n₂))
 *
 * with n₀ = n(n−1)/2 pairs, n₁ / n₂ the pairs tied in x / in y, and C − D computed as SciPy does,
 * n₀ − n₁ − n₂ + n₃ − 2D (n₃ = pairs tied in both). Returns NaN where SciPy does: fewer than two
 * values, or every pair tied in x or in y. The result is clipped to [−1, 1] like SciPy's.
 *
 * The arithmetic is SciPy's, operation for operation (C − D, then two divisions by square roots),
 * so the double is the same: a perfect agreement of 8 distinct values gives 0.9999999999999998
 * there and here. O(n log n): sort by (x, y); D is then the number of strict inversions of y.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number {
  if (x.length !== y.length) throw new Error("kendallTauB: x and y must have the same length");
  const n = x.length;
  if (n < 2) return Number.NaN;

  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((i, j) => x[i]! - x[j]! || y[i]! - y[j]!);
  const xs = order.map((i) => x[i]!);
  const ys = order.map((i) => y[i]!);

  const totalPairs = (n * (n - 1)) / 2;
  const xTies = tiedPairs(xs, (i) => xs[i] === xs[i - 1]);
  const jointTies = tiedPairs(xs, (i) => xs[i] === xs[i - 1] && ys[i] === ys[i - 1]);
  const sortedYs = ys.slice();
  const discordant = countStrictInversions(sortedYs);
  const yTies = tiedPairs(sortedYs, (i) => sortedYs[i] === sortedYs[i - 1]);

  if (xTies === totalPairs || yTies === totalPairs) return Number.NaN;

  const conMinusDis = totalPairs - xTies - yTies + jointTies - 2 * discordant;
  const tau = conMinusDis / Math.sqrt(totalPairs - xTies) / Math.sqrt(totalPairs - yTies);
  return Math.min(1, Math.max(-1, tau));
}

/** Σ t(t−1)/2 over runs of consecutive equal values (the sequence is sorted on that key). */
function tiedPairs(values: readonly number[], sameAsPrevious: (i: number) => boolean): number {
  let pairs = 0;
  let run = 1;
  for (let i = 1; i <= values.length; i++) {
    if (i < values.length && sameAsPrevious(i)) {
      run++;
    } else {
      pairs += (run * (run - 1)) / 2;
      run = 1;
    }
  }
  return pairs;
}

/** Sorts `values` in place and returns the number of pairs i < j with values[i] > values[j]. */
function countStrictInversions(values: number[]): number {
  const buffer = new Array<number>(values.length);
  let inversions = 0;
  for (let width = 1; width < values.length; width *= 2) {
    for (let lo = 0; lo < values.length - width; lo += 2 * width) {
      const mid = lo + width;
      const hi = Math.min(lo + 2 * width, values.length);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        if (values[j]! < values[i]!) {
          inversions += mid - i;
          buffer[k++] = values[j++]!;
        } else {
          buffer[k++] = values[i++]!;
        }
      }
      while (i < mid) buffer[k++] = values[i++]!;
      while (j < hi) buffer[k++] = values[j++]!;
      for (let t = lo; t < hi; t++) values[t] = buffer[t]!;
    }
  }
  return inversions;
}
