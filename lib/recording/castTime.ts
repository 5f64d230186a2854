/** Seconds rounded to microseconds, the precision asciicast files carry. */
export function castTime(seconds: number): number {
  return Math.round(seconds * 1e6) / 1e6;
}
