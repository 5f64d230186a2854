import headless from "@xterm/headless";
import serialize from "@xterm/addon-serialize";

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

  /** The screen and scrollback as escape sequences, once everything written so far is parsed. */
  snapshot(): Promise<string> {
    return new Promise((resolve) => this.term.write("", () => resolve(this.addon.serialize({ scrollback: 1000 }))));
  }

  dispose(): void {
    this.term.dispose();
  }
}
