import type { ScreenHtml } from "@/lib/sessions/protocol";
import { EARLY_INPUT_ID } from "./earlyPlay";

/**
 * The episode's screen as the server saw it when the page was made: in the first paint, before the
 * terminal's scripts load, with a cursor and the keys typed meanwhile (echoed by the inline script).
 * The live terminal takes over once it has drawn the same screen.
 */
export function ScreenPreview({ screen }: { screen: ScreenHtml }) {
  return (
    <div className="play-terminal screen-preview" data-testid="screen-preview" aria-hidden>
      {/* The rows come from xterm's serializer, which escapes the terminal's text. */}
      <div dangerouslySetInnerHTML={{ __html: screen.rows }} />
      <span
        className="screen-preview-cursor"
        style={{ top: `calc(6px + ${screen.cursorY} * var(--term-line))`, left: `calc(6px + ${screen.cursorX}ch)` }}
      >
        <span id={EARLY_INPUT_ID} suppressHydrationWarning />
        <span className="screen-preview-block"> </span>
      </span>
    </div>
  );
}
