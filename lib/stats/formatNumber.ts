// How every page writes its numbers, so that a reward reads the same in every list, header and
// menu (never "1" here and "1.00" there, never 0.8300000000000001). Plain functions: pages and
// components in the browser import this file directly.

const DASH = "—";

/** A reward (0…1): two decimals. */
export function formatReward(r: number | null | undefined): string {
  return r === null || r === undefined || !Number.isFinite(r) ? DASH : r.toFixed(2);
}

/** A percentage (SR, Error %, a bound of an interval), without its sign: one decimal. */
export function formatPercent(p: number | null | undefined): string {
  return p === null || p === undefined || !Number.isFinite(p) ? DASH : p.toFixed(1);
}

/** A mean number of turns: two decimals. */
export function formatTurns(t: number | null | undefined): string {
  return t === null || t === undefined || !Number.isFinite(t) ? DASH : t.toFixed(2);
}

/**
 * A whole number with its thousands grouped: "19,136". Not `toLocaleString`: a page's first call of
 * it loads ICU's locale data (~50 ms of a fresh tab's main thread, measured on the replay page).
 */
export function formatInteger(n: number): string {
  if (!Number.isFinite(n)) return DASH;
  const digits = String(Math.abs(Math.round(n)));
  return `${n < 0 ? "-" : ""}${digits.replace(/\B(?=(\d{3})+$)/g, ",")}`;
}

/** A count with its noun, in the singular for one: "1 step", "2 steps", "1,034 tasks" (`plural` where an s is wrong). */
export function formatCount(n: number, noun: string, plural = `${noun}s`): string {
  return `${formatInteger(n)} ${n === 1 ? noun : plural}`;
}

/** A count stays whole; a share or a similarity reads as a reward does. */
export function formatMeasure(x: number): string {
  return Number.isInteger(x) ? String(x) : formatReward(x);
}
