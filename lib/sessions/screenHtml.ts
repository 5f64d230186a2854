import type { Terminal } from "@xterm/headless";
import type { SerializeAddon } from "@xterm/addon-serialize";
import type { ScreenHtml } from "./protocol";

/**
 * The visible screen of a headless terminal as HTML rows (text escaped, colours inline) and the
 * cursor, so a page can show it in its first paint, before its scripts run. Call it once what was
 * written is parsed.
 */
export function screenHtmlOf(term: Terminal, addon: SerializeAddon): ScreenHtml {
  const html = addon.serializeAsHTML({ scrollback: 0 });
  const b = term.buffer.active;
  // The addon wraps the rows in <pre><div style=…>…</div></pre>; the page brings its own frame.
  const rows = /<pre><div[^>]*>([\s\S]*)<\/div><\/pre>/.exec(html)?.[1] ?? "";
  return { rows, cols: term.cols, lines: term.rows, cursorX: b.cursorX, cursorY: b.cursorY };
}
