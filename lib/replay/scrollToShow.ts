/**
 * Where to scroll a list showing `view` pixels from `at` so that a row at [top, top + height)
 * shows in full (the nearest edge, as "scroll into view" does); null when it already shows.
 */
export function scrollToShow(top: number, height: number, at: number, view: number): number | null {
  if (top < at) return top;
  if (top + height > at + view) return Math.max(0, top + height - view);
  return null;
}
