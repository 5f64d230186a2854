/** Width of a cell as a share of the font size (DejaVu Sans Mono 0.602, rounded up so nothing wraps). */
const CELL_WIDTH = 0.62;
/** Height of a row as a share of the font size, at the terminal font's line height (14 px: 18 px rows). */
const ROW_HEIGHT = 1.3;
const MAX_FONT = 15;

/**
 * How a replay terminal is sized. "window": its columns fit the width and its rows the window above
 * the controls, down to 7 px (one replay: the whole screen in view at 1366×768). "width": its
 * columns fit the width down to a readable 11 px, past which the box scrolls (a side-by-side pane,
 * where a 120-column recording would otherwise be drawn at 8 px).
 */
export type TerminalFit = "window" | "width";
export const MIN_FONT: Record<TerminalFit, number> = { window: 7, width: 11 };

/** The font size at which `cols` columns fit `width` pixels and, for the "window" fit, `rows` rows fit `height`. */
export function fittingFontSize(fit: TerminalFit, width: number, cols: number, height?: number, rows?: number): number {
  const byWidth = Math.floor(width / (cols * CELL_WIDTH));
  const byHeight = fit === "window" && height !== undefined && rows ? Math.floor(height / (rows * ROW_HEIGHT)) : Infinity;
  return Math.max(MIN_FONT[fit], Math.min(MAX_FONT, byWidth, byHeight));
}
