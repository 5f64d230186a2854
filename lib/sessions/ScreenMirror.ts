import headless from "@xterm/headless";
import serialize from "@xterm/addon-serialize";
import type { ScreenHtml } from "./protocol";

// A server-side copy of the player's screen, so a reloaded page (or a new spectator) is redrawn
// exactly as it was instead of replaying the whole recording.

const { Terminal } = headless as unknown as typeof import("@xterm/headless");
const { SerializeAddon } = serialize as unknown as typeof import("@xterm/addon-serialize");

export class ScreenMirror {
  private term: InstanceType<typeof Terminal>;
  private addon = new SerializeAddon();

  constructor(cols: number, rows: number) {
    this.term = new Terminal({ cols, rows, scrollback: 1000, allowProposedApi: true });
    this.term.loadAddon(this.addon as never);
  }

  write(data: string, parsed?: () => void): void {
    this.term.write(data, parsed);
  }

  resize(cols: number, rows: number): void {
    this.term.resize(cols, rows);
  }

  get size(): { cols: number; rows: number } {
    return { cols: this.term.cols, rows: this.term.rows };
  }

  /** The screen and scrollback as escape sequences, once everything written so far is parsed. */
  snapshot(): Promise<string> {
    return new Promise((resolve) => this.term.write("", () => resolve(this.addon.serialize({ scrollback: 1000 }))));
  }

  /**
   * The visible screen as HTML rows (text escaped, colours inline) and the cursor, so a page can
   * show the terminal in its first paint, before its scripts run.
   */
  screenHtml(): Promise<ScreenHtml> {
    return new Promise((resolve) =>
      this.term.write("", () => {
        const html = this.addon.serializeAsHTML({ scrollback: 0 });
        const b = this.term.buffer.active;
        // The addon wraps the rows in <pre><div style=…>…</div></pre>; the page brings its own frame.
        const rows = /<pre><div[^>]*>([\s\S]*)<\/div><\/pre>/.exec(html)?.[1] ?? "";
        resolve({ rows, cols: this.term.cols, lines: this.term.rows, cursorX: b.cursorX, cursorY: b.cursorY });
      }),
    );
  }

  dispose(): void {
    this.term.dispose();
  }
}
