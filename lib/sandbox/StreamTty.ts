// What the docker driver's two terminals share: a byte stream to the shell (a `docker exec`'s, or
// the relay's socket), which closing ends, and whose reading stops for back-pressure; output decoded
// as it comes, the end told the same way, and resizes to the same size skipped.
import type { Duplex } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { TtyBase } from "./TtyBase";

export abstract class StreamTty extends TtyBase {
  private closedNotified = false;
  private decoder = new StringDecoder("utf8"); // a UTF-8 character can straddle two chunks
  private size = "";

  constructor(
    protected readonly sock: Duplex,
    private readonly onClosed: () => void,
  ) {
    super();
    sock.on("error", () => {}); // 'close' follows
  }

  /** Once, and synchronously from close(): the sandbox must stop the shell before the next attach. */
  protected notifyClosed(): void {
    if (this.closedNotified) return;
    this.closedNotified = true;
    this.onClosed();
  }

  /** The shell's output bytes, as text. */
  protected emitBytes(b: Buffer): void {
    const s = this.decoder.write(b);
    if (s) this.emitOutput(s);
  }

  /** The stream has ended: `exitCode` is the shell's when it is known (null: detached); none when we closed it. */
  protected emitEnd(exitCode: number | null): void {
    const code = this.closedByUs ? null : exitCode;
    this.emitExit({ exitCode: code, reason: this.closedByUs ? "closed" : code === null ? "detached" : "exited" });
  }

  /**
   * The whole size to send, or null: not a size, or the one already sent (a resize at the prompt
   * makes readline redraw it, marks A and B again, so the same size sends nothing).
   */
  protected changedSize(cols: number, rows: number): { cols: number; rows: number } | null {
    if (!(cols > 0 && rows > 0)) return null;
    const next = { cols: Math.floor(cols), rows: Math.floor(rows) };
    const size = `${next.cols}x${next.rows}`;
    if (size === this.size) return null;
    this.size = size;
    return next;
  }

  get closed(): boolean {
    return this.closedByUs || this.exitInfo !== null || this.sock.destroyed;
  }

  /** Back-pressure: stop reading the stream; the other end then stops reading the PTY, and bash blocks. */
  pause(): void {
    this.sock.pause();
  }

  resume(): void {
    this.sock.resume();
  }

  close(): void {
    if (this.closedByUs || this.exitInfo) return;
    this.closedByUs = true;
    this.notifyClosed();
    this.sock.end();
    this.sock.destroy();
  }
}
