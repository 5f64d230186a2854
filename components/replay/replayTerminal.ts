import { Terminal } from "@xterm/xterm";

/** Width of a cell as a share of the font size (DejaVu Sans Mono 0.602, rounded up so nothing wraps). */
const CELL_WIDTH = 0.62;

/**
 * A read-only xterm in `el`, sized by the recording (never fitted to the box): the font shrinks
 * or grows so the recording's columns fit the width. Keys go to the page, not the terminal.
 */
export function replayTerminal(el: HTMLElement): { term: Terminal; dispose(): void } {
  const term = new Terminal({
    disableStdin: true, cursorBlink: false, scrollback: 2000, cols: 80, rows: 24, fontSize: 13,
    fontFamily: "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace", theme: { background: "#0b0d11" },
  });
  term.attachCustomKeyEventHandler(() => false);
  term.open(el);
  const fit = () => {
    const width = el.clientWidth - 4;
    const size = Math.max(7, Math.min(15, Math.floor(width / (term.cols * CELL_WIDTH))));
    if (width > 0 && term.options.fontSize !== size) term.options.fontSize = size;
  };
  fit();
  const observer = new ResizeObserver(fit);
  observer.observe(el);
  const resized = term.onResize(fit);
  return {
    term,
    dispose() {
      observer.disconnect();
      resized.dispose();
      term.dispose();
    },
  };
}
