import { Terminal } from "@xterm/xterm";
import { TERMINAL_FONT } from "@/components/play/terminalFont";
import { fittingFontSize, type TerminalFit } from "@/lib/replay/fittingFontSize";

/** Below the terminal, the timeline, the controls and a few lines of the step's detail stay in the window. */
const BELOW = 230;

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
  const height = () => Math.max(0, window.innerHeight - (el.getBoundingClientRect().top + window.scrollY) - BELOW);
  const fitting = (cols: number, rows: number) => fittingFontSize(sizing, width(), cols, height(), rows);
  const term = new Terminal({
    disableStdin: true,
    cursorBlink: false,
    scrollback: 2000,
    cols: size.cols,
    rows: size.rows,
    fontSize: width() > 0 ? fitting(size.cols, size.rows) : 13,
    ...TERMINAL_FONT,
    theme: { background: "#0b0d11" },
  });
  term.attachCustomKeyEventHandler(() => false);
  term.open(el);
  const stopWarming = warmGlyphWidthsWhenIdle(term);
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
      stopWarming();
      observer.disconnect();
      window.removeEventListener("resize", fit);
      resized.dispose();
      term.dispose();
    },
  };
}

interface GlyphWidths {
  get(chars: string, bold: boolean, italic: boolean): number;
}

/**
 * xterm's DOM renderer measures a glyph's width the first time it draws it (~0.5 ms each, ~100
 * of them in the first seeks of a recording). Measured here instead, while the page is idle
 * after opening. This reaches into xterm's internals (6.0) and does nothing when they differ.
 */
const SLICE_MS = 4;

function warmGlyphWidthsWhenIdle(term: Terminal): () => void {
  const glyphs: Array<[string, boolean]> = [];
  for (let c = 32; c < 127; c++) glyphs.push([String.fromCharCode(c), false], [String.fromCharCode(c), true]);
  let handle = 0;
  const work = (deadline: IdleDeadline) => {
    const cache = (term as unknown as { _core?: { _renderService?: { _renderer?: { value?: { _widthCache?: GlyphWidths } } } } })
      ._core?._renderService?._renderer?.value?._widthCache;
    if (typeof cache?.get !== "function") return;
    // Short slices: an idle period can be 50 ms long, and the first screen's frame may be next.
    const until = performance.now() + SLICE_MS;
    while (glyphs.length && deadline.timeRemaining() > 1 && performance.now() < until) {
      const [ch, bold] = glyphs.pop()!;
      cache.get(ch, bold, false);
    }
    if (glyphs.length) handle = requestIdleCallback(work);
  };
  if (typeof requestIdleCallback !== "function") return () => {};
  handle = requestIdleCallback(work);
  return () => cancelIdleCallback(handle);
}
