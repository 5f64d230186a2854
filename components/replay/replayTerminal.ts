import { Terminal, type ITerminalInitOnlyOptions, type ITerminalOptions } from "@xterm/xterm";
import { TERMINAL_FONT } from "@/components/play/terminalFont";
import { measureGlyphWidths, syncScrollbarPerFrame } from "@/components/terminal/xtermInternals";
import { fittingFontSize, type TerminalFit } from "@/lib/replay/fittingFontSize";
import { TERMINAL_BELOW } from "./earlyReplay";

/** A replay's xterm: read-only, at the recording's size. */
export function replayTerminalOptions(
  size: { cols: number; rows: number },
  fontSize: number,
): ITerminalOptions & ITerminalInitOnlyOptions {
  return {
    disableStdin: true,
    cursorBlink: false,
    scrollback: 2000,
    cols: size.cols,
    rows: size.rows,
    fontSize,
    ...TERMINAL_FONT,
    theme: { background: "#0b0d11" },
  };
}

/**
 * A read-only xterm in `el`, at the recording's size (never fitted to the box): the font shrinks
 * or grows as `sizing` says (TerminalFit). It is made at its final size and font, since each later
 * change of either costs xterm a restyle and a new measure. Keys go to the page, not the terminal.
 */
export function replayTerminal(
  el: HTMLElement,
  size: { cols: number; rows: number },
  sizing: TerminalFit,
): { term: Terminal; dispose(): void } {
  const width = () => el.clientWidth - 4;
  const height = () => Math.max(0, window.innerHeight - (el.getBoundingClientRect().top + window.scrollY) - TERMINAL_BELOW);
  const fitting = (cols: number, rows: number) => fittingFontSize(sizing, width(), cols, height(), rows);
  const term = new Terminal(replayTerminalOptions(size, width() > 0 ? fitting(size.cols, size.rows) : 13));
  term.attachCustomKeyEventHandler(() => false);
  term.open(el);
  measureGlyphWidths(term);
  const stopScrollbarSync = syncScrollbarPerFrame(term);
  const fit = () => {
    const size = fitting(term.cols, term.rows);
    if (width() > 0 && term.options.fontSize !== size) term.options.fontSize = size;
  };
  const observer = new ResizeObserver(fit);
  observer.observe(el);
  window.addEventListener("resize", fit);
  const resized = term.onResize(fit);
  return {
    term,
    dispose() {
      stopScrollbarSync();
      observer.disconnect();
      window.removeEventListener("resize", fit);
      resized.dispose();
      term.dispose();
    },
  };
}
