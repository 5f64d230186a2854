import headless from "@xterm/headless";
import serialize from "@xterm/addon-serialize";
import { xtermScreen, type ScreenTerminal } from "../ScreenSeeker";
import type { ScreenEvent } from "../types";
import { parseSize } from "../parseSize";

const { Terminal } = headless as unknown as typeof import("@xterm/headless");
const { SerializeAddon } = serialize as unknown as typeof import("@xterm/addon-serialize");

/** A headless xterm as a seeker's screen, with a way to read back what it shows. */
export function headlessScreen(cols: number, rows: number, scrollback = 0) {
  const term = new Terminal({ cols, rows, scrollback, allowProposedApi: true });
  const addon = new SerializeAddon();
  term.loadAddon(addon as never);
  const screen: ScreenTerminal & { term: typeof term; state(): string; text(): string; dispose(): void } = {
    term,
    ...xtermScreen(term),
    /** Everything a viewer can see: the cells with their colours, the cursor, the size, the modes, the buffer. */
    state: () => {
      const b = term.buffer.active;
      return JSON.stringify({
        cells: addon.serialize({ scrollback: 0 }),
        x: b.cursorX,
        y: b.cursorY,
        size: [term.cols, term.rows],
        modes: term.modes,
        buffer: b.type,
      });
    },
    text: () => {
      const b = term.buffer.active;
      const lines: string[] = [];
      for (let y = 0; y < term.rows; y++) lines.push(b.getLine(b.viewportY + y)?.translateToString(true) ?? "");
      return lines.join("\n");
    },
    dispose: () => term.dispose(),
  };
  return screen;
}

/** The screen after the first `pos` events, written from the very start. */
export async function replayFromStart(rec: { cols: number; rows: number; events: readonly ScreenEvent[] }, pos: number) {
  const screen = headlessScreen(rec.cols, rec.rows);
  let chunk = "";
  for (const [, code, data] of rec.events.slice(0, pos)) {
    if (code === "o") chunk += data;
    else {
      const size = parseSize(data);
      if (!size) continue;
      await screen.write(chunk);
      chunk = "";
      screen.resize(size.cols, size.rows);
    }
  }
  await screen.write(chunk);
  return screen;
}
