// Two ways Python code rounds to a number of decimals. InterCode uses both, and they disagree on
// about 4 % of three-decimal inputs (e.g. 2.675, 0.155, 0.835), so each score says which it uses.

/**
 * Python's built-in `round(x, digits)` on a float: the exact binary value of `x` rounded to
 * `digits` decimals, ties (only possible when the double is exactly halfway) to even.
 *
 * `Number.prototype.toFixed` is specified on the exact value of the double, so it is correctly
 * rounded except on exact ties, where it rounds away from zero; those ties are detected exactly
 * (x · 2^(digits+1) is an odd integer) and moved to the even neighbour.
 * round(0.125, 2) = 0.12 (exact tie → even); round(0.135, 2) = 0.14 (0.135 is stored as
 * 0.13500000000000000888, above the tie); round(2.675, 2) = 2.67 (stored just below).
 */
export function pyRound(x: number, digits: number): number {
  if (x === 0 || !Number.isFinite(x) || Math.abs(x) >= 1e21 || digits < 0 || digits > 20) return x;
  const fixed = x.toFixed(digits);
  const scaled = x * 2 ** (digits + 1); // exact: a power-of-two scaling
  const exactTie = Number.isInteger(scaled) && Math.abs(scaled) % 2 === 1;
  if (!exactTie) return Number(fixed);
  const negative = fixed.startsWith("-");
  const unsignedDigits = fixed.replace("-", "").replace(".", "");
  let units = BigInt(unsignedDigits);
  if (units % 2n === 1n) units -= 1n; // toFixed went away from zero; the even neighbour is below
  const text = units.toString().padStart(digits + 1, "0");
  const withPoint = digits === 0 ? text : `${text.slice(0, text.length - digits)}.${text.slice(text.length - digits)}`;
  return Number(negative ? `-${withPoint}` : withPoint);
}

/**
 * Python's `round(v, digits)` when `v` is a NumPy float64 (what scikit-learn and SciPy return):
 * NumPy multiplies by 10^digits in floating point, rounds half to even, and divides back.
 * round(np.float64(2.675), 2) = 2.68 where Python's own round gives 2.67.
 */
export function npRound(x: number, digits: number): number {
  if (!Number.isFinite(x)) return x;
  const factor = 10 ** digits;
  return rint(x * factor) / factor;
}

/** Round half to even on a double (C's rint in the default rounding mode). */
function rint(y: number): number {
  if (!Number.isFinite(y) || Math.abs(y) >= 2 ** 52) return y;
  const floor = Math.floor(y);
  const fraction = y - floor; // exact for |y| < 2^52
  if (fraction < 0.5) return floor;
  if (fraction > 0.5) return floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}
