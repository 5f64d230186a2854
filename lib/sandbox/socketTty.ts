// The docker driver's terminal over the relay's socket (docker/bash/helper.py § the terminal over a
// socket): keys and resizes go down as frames, in the order given (a resize needs no engine call, so
// nothing is held back); output comes up as frames and the shell's exit code last.
import type { Socket } from "node:net";
import { StringDecoder } from "node:string_decoder";
import { StreamTty } from "./StreamTty";
import { encodeFrame, FRAME, FrameReader, resizeFrame } from "./ttyFrames";

export class SocketTty extends StreamTty {
  private decoder = new StringDecoder("utf8"); // a UTF-8 character can straddle two frames
  private frames = new FrameReader();
  private exitCode: number | null = null;
  private size = "";

  constructor(
    sock: Socket,
    readonly markNonce: string,
    onClosed: () => void,
  ) {
    super(sock, onClosed);
    sock.on("data", (b: Buffer) => {
      let frames;
      try {
        frames = this.frames.push(b);
      } catch {
        sock.destroy(); // not the relay speaking: end the terminal
        return;
      }
      for (const f of frames) {
        if (f.kind === FRAME.data) {
          const s = this.decoder.write(f.payload);
          if (s) this.emitOutput(s);
        } else if (f.kind === FRAME.exit && f.payload.length === 4) this.exitCode = f.payload.readInt32BE(0);
      }
    });
    sock.on("close", () => {
      this.notifyClosed();
      const exitCode = this.closedByUs ? null : this.exitCode;
      this.emitExit({ exitCode, reason: this.closedByUs ? "closed" : exitCode === null ? "detached" : "exited" });
    });
  }

  write(data: string): void {
    if (!this.sock.destroyed) this.sock.write(encodeFrame(FRAME.data, Buffer.from(data, "utf8")));
  }

  /** A resize at the prompt makes readline redraw it (marks A and B again). Same size: nothing sent. */
  resize(cols: number, rows: number): void {
    if (!(cols > 0 && rows > 0) || this.sock.destroyed) return;
    const size = `${Math.floor(cols)}x${Math.floor(rows)}`;
    if (size === this.size) return;
    this.size = size;
    this.sock.write(resizeFrame(Math.floor(cols), Math.floor(rows)));
  }
}
