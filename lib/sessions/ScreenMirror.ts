import headless from "@xterm/headless";
import serialize from "@xterm/addon-serialize";
import type { ScreenHtml } from "./protocol";
import { SharedTick } from "./SharedTick";
import { screenHtmlOf } from "./screenHtml";

// A server-side copy of the player's screen, so a reloaded page (or a new spectator) is redrawn
// exactly as it was instead of replaying the whole recording.
//
// Output goes into it in batches, not chunk by chunk: xterm parses each write on a timer of its own,
// and that timer was one more wake-up of the server's thread per keystroke's echo (on a loaded
// machine each wake-up waits for a CPU, and every terminal's next echo behind it). A batch is fed at
// the process's shared tick, at FEED_BYTES, and before the screen is read or resized.
const FEED_MS = 200;
const FEED_BYTES = 16 * 1024;
const feedTick = new SharedTick(FEED_MS);

const { Terminal } = headless as unknown as typeof import("@xterm/headless");
const { SerializeAddon } = serialize as unknown as typeof import("@xterm/addon-serialize");

export class ScreenMirror {
  private term: InstanceType<typeof Terminal>;
  private addon = new SerializeAddon();
  private pending = "";
  private parsedCallbacks: Array<() => void> = [];
  /** Writes xterm has not parsed yet: with none, the screen is read at once (xterm's write callback is a timer away). */
  private unparsed = 0;
  private readonly feed = () => this.feedNow();

  constructor(cols: number, rows: number) {
    this.term = new Terminal({ cols, rows, scrollback: 1000, allowProposedApi: true });
    this.term.loadAddon(this.addon as never);
  }

  /** `parsed`: called once `data` is on the mirror's screen. */
  write(data: string, parsed?: () => void): void {
    this.pending += data;
    if (parsed) this.parsedCallbacks.push(parsed);
    if (this.pending.length >= FEED_BYTES) this.feedNow();
    else feedTick.schedule(this.feed);
  }

  private feedNow(): void {
    feedTick.cancel(this.feed);
    if (!this.pending && !this.parsedCallbacks.length) return;
    const callbacks = this.parsedCallbacks;
    this.parsedCallbacks = [];
    this.unparsed++;
    this.term.write(this.pending, () => {
      this.unparsed--;
      callbacks.forEach((c) => c());
    });
    this.pending = "";
  }

  resize(cols: number, rows: number): void {
    this.feedNow(); // output before the resize is queued in xterm before it, as it was unbatched
    this.term.resize(cols, rows);
  }

  get size(): { cols: number; rows: number } {
    return { cols: this.term.cols, rows: this.term.rows };
  }

  /** The screen and scrollback as escape sequences, once everything written so far is parsed. */
  snapshot(): Promise<string> {
    return this.parsed(() => this.addon.serialize({ scrollback: 1000 }));
  }

  /**
   * The visible screen as HTML rows (text escaped, colours inline) and the cursor, so a page can
   * show the terminal in its first paint, before its scripts run.
   */
  screenHtml(): Promise<ScreenHtml> {
    return this.parsed(() => screenHtmlOf(this.term, this.addon));
  }

  /** `read` once everything written so far is on the screen. */
  private parsed<T>(read: () => T): Promise<T> {
    this.feedNow();
    if (!this.unparsed) return Promise.resolve(read());
    return new Promise((resolve) => this.term.write("", () => resolve(read())));
  }

  dispose(): void {
    feedTick.cancel(this.feed);
    this.term.dispose();
  }
}
