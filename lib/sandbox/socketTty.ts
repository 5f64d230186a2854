// The docker driver's terminal over the relay's socket (docker/bash/helper.py § the terminal over a
// socket): keys and resizes go down as frames, in the order given (a resize needs no engine call, so
// nothing is held back); output comes up as frames and the shell's exit code last.
import type { Socket } from "node:net";
import { StreamTty } from "./StreamTty";
import { encodeFrame, FRAME, FrameReader, resizeFrame } from "./ttyFrames";

export class SocketTty extends StreamTty {
  private frames = new FrameReader();
  private exitCode: number | null = null;

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
        if (f.kind === FRAME.data) this.emitBytes(f.payload);
        else if (f.kind === FRAME.exit && f.payload.length === 4) this.exitCode = f.payload.readInt32BE(0);
      }
    });
    sock.on("close", () => {
      this.notifyClosed();
      this.emitEnd(this.exitCode);
    });
  }

  write(data: string): void {
    if (!this.sock.destroyed) this.sock.write(encodeFrame(FRAME.data, Buffer.from(data, "utf8")));
  }

  resize(cols: number, rows: number): void {
    if (this.sock.destroyed) return;
    const size = this.changedSize(cols, rows);
    if (size) this.sock.write(resizeFrame(size.cols, size.rows));
  }
}
