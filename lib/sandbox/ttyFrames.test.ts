import { describe, expect, it } from "vitest";
import { encodeFrame, FRAME, FrameReader, resizeFrame } from "./ttyFrames";

const data = (s: string) => encodeFrame(FRAME.data, Buffer.from(s));

describe("FrameReader", () => {
  it("cuts frames out of any chunking of the stream, in order", () => {
    const exit = Buffer.alloc(4);
    exit.writeInt32BE(130);
    const stream = Buffer.concat([data("$ "), data("é"), encodeFrame(FRAME.exit, exit)]);
    for (let size = 1; size <= stream.length; size++) {
      const r = new FrameReader();
      const got: Array<[number, string]> = [];
      for (let i = 0; i < stream.length; i += size)
        for (const f of r.push(stream.subarray(i, i + size)))
          got.push([f.kind, f.kind === FRAME.exit ? String(f.payload.readInt32BE(0)) : f.payload.toString()]);
      expect(got).toEqual([
        [FRAME.data, "$ "],
        [FRAME.data, "é"],
        [FRAME.exit, "130"],
      ]);
    }
  });

  it("refuses a frame longer than a relay ever sends", () => {
    const bad = Buffer.from([FRAME.data, 0x7f, 0xff, 0xff, 0xff]);
    expect(() => new FrameReader().push(bad)).toThrow(/terminal frame of \d+ bytes/);
  });

  it("encodes a resize as columns then rows, 16 bits each", () => {
    expect([...resizeFrame(300, 70)]).toEqual([FRAME.resize, 0, 0, 0, 4, 1, 44, 0, 70]);
  });
});
