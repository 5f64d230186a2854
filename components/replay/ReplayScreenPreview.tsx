"use client";
import { useLayoutEffect, useRef } from "react";
import type { ScreenHtml } from "@/lib/sessions/protocol";
import { TERMINAL_FONT } from "@/components/play/terminalFont";
import { REPLAY_PREVIEW_ID, sizeScreenPreview } from "./earlyReplay";
import s from "./replay.module.css";

const FONT = { fontFamily: TERMINAL_FONT.fontFamily, lineHeight: TERMINAL_FONT.lineHeight };

/**
 * The screen the replay opens on, as the server drew it: in the first paint, before the page's
 * scripts run (earlyReplay sizes its font as the terminal's). The terminal replaces it once it has
 * drawn the same screen.
 */
export function ReplayScreenPreview({ screen }: { screen: ScreenHtml }) {
  const box = useRef<HTMLDivElement>(null);
  // Reached within the app, no inline script sized it: done here, before it is painted.
  useLayoutEffect(() => {
    if (box.current && !box.current.style.fontSize) sizeScreenPreview(box.current, screen.cols, screen.lines);
  }, [screen]);
  return (
    <div
      ref={box}
      id={REPLAY_PREVIEW_ID}
      className={s.screenPreview}
      data-testid="replay-screen-preview"
      style={FONT}
      aria-hidden
      suppressHydrationWarning // its font size and line height are the inline script's
      // The rows come from xterm's serializer, which escapes the terminal's text.
      dangerouslySetInnerHTML={{ __html: screen.rows }}
    />
  );
}
