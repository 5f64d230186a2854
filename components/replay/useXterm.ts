"use client";
import { useEffect, useState } from "react";
import { Terminal } from "@xterm/xterm";

/** Width of a cell as a share of the font size (DejaVu Sans Mono 0.602, rounded up so nothing wraps). */
const CELL_WIDTH = 0.62;

/**
 * A read-only xterm in `ref`'s element, sized by the recording (never fitted to the box): the font
 * shrinks or grows so the recording's columns fit the width. Keys go to the page, not the terminal.
 */
export function useXterm(ref: React.RefObject<HTMLDivElement | null>): Terminal | null {
  const [term, setTerm] = useState<Terminal | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const t = new Terminal({
      disableStdin: true, cursorBlink: false, scrollback: 2000, cols: 80, rows: 24, fontSize: 13,
      fontFamily: "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace", theme: { background: "#0b0d11" },
    });
    t.attachCustomKeyEventHandler(() => false);
    t.open(el);
    const fit = () => {
      const width = el.clientWidth - 4;
      const size = Math.max(7, Math.min(15, Math.floor(width / (t.cols * CELL_WIDTH))));
      if (width > 0 && t.options.fontSize !== size) t.options.fontSize = size;
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    const resized = t.onResize(fit);
    setTerm(t);
    return () => {
      observer.disconnect();
      resized.dispose();
      t.dispose();
      setTerm(null);
    };
  }, [ref]);
  return term;
}
