// The frames of a docker sandbox's terminal socket (docker/bash/helper.py § the terminal over a
// socket): kind (1 byte), payload length (4 bytes, big-endian), payload. The driver sends the token
// first, then keys and resizes; the relay sends output, and the shell's exit code last.

export const FRAME = { token: 0, data: 1, resize: 2, exit: 3 } as const;
export type FrameKind = (typeof FRAME)[keyof typeof FRAME];

const HEADER = 5;
/** Larger than anything the relay sends (it reads the PTY 64 KB at a time): a stream that says more is broken. */
const MAX_PAYLOAD = 1 << 20;

export function encodeFrame(kind: FrameKind, payload: Buffer): Buffer {
  const out = Buffer.allocUnsafe(HEADER + payload.length);
  out[0] = kind;
  out.writeUInt32BE(payload.length, 1);
  payload.copy(out, HEADER);
  return out;
}

export function resizeFrame(cols: number, rows: number): Buffer {
  const p = Buffer.alloc(4);
  p.writeUInt16BE(Math.min(cols, 0xffff), 0);
  p.writeUInt16BE(Math.min(rows, 0xffff), 2);
  return encodeFrame(FRAME.resize, p);
}

export interface Frame {
  kind: number;
  payload: Buffer;
}

/** Cuts a byte stream into frames, whatever the chunks' boundaries. */
export class FrameReader {
  private pending: Buffer | null = null;

  /** The frames `chunk` completes; throws on a frame no relay sends (the stream is not one of ours). */
  push(chunk: Buffer): Frame[] {
    let buf = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    const frames: Frame[] = [];
    while (buf.length >= HEADER) {
      const n = buf.readUInt32BE(1);
      if (n > MAX_PAYLOAD) throw new Error(`terminal frame of ${n} bytes`);
      if (buf.length < HEADER + n) break;
      frames.push({ kind: buf[0], payload: buf.subarray(HEADER, HEADER + n) });
      buf = buf.subarray(HEADER + n);
    }
    // Copied: a subarray would keep the whole chunk alive.
    if (buf.length) this.pending = Buffer.from(buf);
    return frames;
  }
}
