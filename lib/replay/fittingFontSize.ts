/** Width of a cell as a share of the font size (DejaVu Sans Mono 0.602, rounded up so nothing wraps). */
const CELL_WIDTH = 0.62;
/** Height of a row as a share of the font size, at the terminal font's line height (14 px: 18 px rows). */
const ROW_HEIGHT = 1.3;
/**
 * The smallest font a replay draws. Below it a wide recording (120 columns side by side at 1366 px
 * wanted 8 px) is unreadable; at it, the recording scrolls sideways in its box instead.
 */
export const MIN_READABLE_FONT = 11;
const MAX_FONT = 15;

/** The font size at which `cols` columns fit `width` pixels and, when given, `rows` rows fit `height`; never below MIN_READABLE_FONT. */
export function fittingFontSize(width: number, cols: number, height?: number, rows?: number): number {
  const byWidth = Math.floor(width / (cols * CELL_WIDTH));
  const byHeight = height !== undefined && rows ? Math.floor(height / (rows * ROW_HEIGHT)) : Infinity;
  return Math.max(MIN_READABLE_FONT, Math.min(MAX_FONT, byWidth, byHeight));
}
