// The player's terminal: a `docker exec` of a login bash with a TTY, bytes both ways.
import type Docker from "dockerode";
import type { Duplex } from "node:stream";
import { execExitCode } from "./dockerExec";
import { StreamTty } from "./StreamTty";

const RESIZE_WAIT_MS = 2000;

export class DockerTty extends StreamTty {
  /** The resize the engine has not confirmed yet, and the keys typed meanwhile (sent after it). */
  private resizing: Promise<void> | null = null;
  private held: string[] = [];

  constructor(
    private readonly exec: Docker.Exec,
    sock: Duplex,
    readonly markNonce: string,
    onClosed: () => void,
  ) {
    super(sock, onClosed);
    sock.on("data", (b: Buffer) => this.emitBytes(b));
    sock.on("close", () => {
      this.notifyClosed();
      void this.finish();
    });
  }

  private async finish(): Promise<void> {
    if (this.exitInfo) return;
    this.emitEnd(this.closedByUs ? null : await execExitCode(this.exec));
  }

  write(data: string): void {
    if (this.sock.destroyed) return;
    if (this.resizing) this.held.push(data);
    else this.sock.write(data);
  }

  resize(cols: number, rows: number): void {
    const size = this.changedSize(cols, rows);
    if (!size) return;
    // The resize is an engine API call and keys go down the attached stream, so keys typed just after
    // it could overtake it: `tput cols` typed after narrowing the window printed the old width. Keys
    // wait for the engine's answer (2 s at most), then go in order.
    const done: Promise<void> = Promise.race([
      this.exec.resize({ h: size.rows, w: size.cols }).catch(() => {}),
      new Promise<void>((r) => setTimeout(r, RESIZE_WAIT_MS).unref()),
    ]).then(() => {
      if (this.resizing !== done) return; // a later resize holds the keys
      this.resizing = null;
      const keys = this.held.splice(0).join("");
      if (keys) this.write(keys);
    });
    this.resizing = done;
  }
}
