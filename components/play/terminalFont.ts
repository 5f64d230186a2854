/**
 * The font of every terminal on the pages (Play, Watch, Replay). The line height leaves room below
 * the baseline: at 1.0, xterm's DOM renderer cuts `_` off below its row at some sizes and zooms
 * (14 px at 100 %: `snake_case` read `snake case`); 1.15 shows it at every size from 7 to 15 px and
 * zoom from 80 to 200 % (e2e/terminal-glyphs.spec.ts reads the pixels).
 */
export const TERMINAL_FONT = {
  fontFamily: "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace",
  lineHeight: 1.15,
} as const;

/** Play's font size; its rows are this many CSS pixels high (the first-paint copy draws its lines so: globals.css --term-line). */
export const PLAY_FONT_SIZE = 14;
