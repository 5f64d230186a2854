// The player's terminal: a `docker exec` of a login bash with a TTY, bytes both ways.
import type Docker from "dockerode";
import type { Duplex } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { execExitCode } from "./dockerExec";
import { StreamTty } from "./StreamTty";

const RESIZE_WAIT_MS = 2000;

export class DockerTty extends StreamTty {
  private decoder = new StringDecoder("utf8"); // a UTF-8 character can straddle two chunks
  private size = "";
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
    sock.on("data", (b: Buffer) => {
      const s = this.decoder.write(b);
      if (s) this.emitOutput(s);
    });
    sock.on("close", () => {
      this.notifyClosed();
      void this.finish();
    });
  }

  private async finish(): Promise<void> {
    if (this.exitInfo) return;
    const exitCode = this.closedByUs ? null : await execExitCode(this.exec);
    this.emitExit({ exitCode, reason: this.closedByUs ? "closed" : exitCode === null ? "detached" : "exited" });
  }

  write(data: string): void {
    if (this.sock.destroyed) return;
    if (this.resizing) this.held.push(data);
    else this.sock.write(data);
  }

  /** A resize at the prompt makes readline redraw it (marks A and B again). Same size: nothing sent. */
  resize(cols: number, rows: number): void {
    if (!(cols > 0 && rows > 0)) return;
    const size = `${Math.floor(cols)}x${Math.floor(rows)}`;
    if (size === this.size) return;
    this.size = size;
    // The resize is an engine API call and keys go down the attached stream, so keys typed just after
    // it could overtake it: `tput cols` typed after narrowing the window printed the old width. Keys
    // wait for the engine's answer (2 s at most), then go in order.
    const done: Promise<void> = Promise.race([
      this.exec.resize({ h: Math.floor(rows), w: Math.floor(cols) }).catch(() => {}),
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
