// What the docker driver's two terminals share: a byte stream to the shell (a `docker exec`'s, or
// the relay's socket), which closing ends, and whose reading stops for back-pressure.
import type { Duplex } from "node:stream";
import { TtyBase } from "./TtyBase";

export abstract class StreamTty extends TtyBase {
  private closedNotified = false;

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
