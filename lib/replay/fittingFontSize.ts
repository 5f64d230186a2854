/**
 * How a replay terminal is sized. "window": its columns fit the width and its rows the window above
 * the controls, down to 7 px (one replay: the whole screen in view at 1366×768). "width": its
 * columns fit the width down to a readable 11 px, past which the box scrolls (a side-by-side pane,
 * where a 120-column recording would otherwise be drawn at 8 px).
 */
export type TerminalFit = "window" | "width";

/**
 * The font size at which `cols` columns fit `width` pixels and, for the "window" fit, `rows` rows fit `height`.
 * Self-contained (no module names): its source text also sizes the first-paint screen (replayPreviewScript).
 */
export function fittingFontSize(fit: TerminalFit, width: number, cols: number, height?: number, rows?: number): number {
  // A cell's width and a row's height as shares of the font size: DejaVu Sans Mono's 0.602 rounded
  // up so nothing wraps, and rows at the terminal font's line height (14 px: 18 px rows).
  const cellWidth = 0.62;
  const rowHeight = 1.3;
  const byWidth = Math.floor(width / (cols * cellWidth));
  const byHeight = fit === "window" && height !== undefined && rows ? Math.floor(height / (rows * rowHeight)) : Infinity;
  return Math.max(fit === "window" ? 7 : 11, Math.min(15, byWidth, byHeight));
}
