import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SocketTty } from "./socketTty";
import { encodeFrame, FRAME, FrameReader, type Frame } from "./ttyFrames";

// The terminal's side of the relay's socket, against a stand-in relay on a real unix socket.

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

async function pair(): Promise<{ tty: SocketTty; relay: Socket; frames: Frame[] }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "socket-tty-test-"));
  dirs.push(dir);
  const at = path.join(dir, "t.sock");
  const accepted = new Promise<Socket>((resolve) => {
    const server = createServer((s) => {
      server.close();
      resolve(s);
    }).listen(at);
  });
  const sock = connect(at);
  const relay = await accepted;
  const frames: Frame[] = [];
  const reader = new FrameReader();
  relay.on("data", (b: Buffer) => frames.push(...reader.push(b)));
  return { tty: new SocketTty(sock, "nonce", () => {}), relay, frames };
}

const settle = () => new Promise((r) => setTimeout(r, 50));

describe("SocketTty", () => {
  it("sends keys and resizes as frames in the order given (no key overtakes a resize)", async () => {
    const { tty, frames } = await pair();
    tty.write("a");
    tty.resize(55, 20);
    tty.write("tput cols\r");
    tty.resize(55, 20); // the same size: nothing sent
    await settle();
    expect(frames.map((f) => [f.kind, f.kind === FRAME.data ? f.payload.toString() : [...f.payload]])).toEqual([
      [FRAME.data, "a"],
      [FRAME.resize, [0, 55, 0, 20]],
      [FRAME.data, "tput cols\r"],
    ]);
    tty.close();
  });

  it("gives the output whole across frames cut inside a character, then the shell's exit code", async () => {
    const { tty, relay } = await pair();
    let out = "";
    tty.onData((s) => (out += s));
    const exited = new Promise((r) => tty.onExit(r));
    const e = Buffer.from("é");
    const code = Buffer.alloc(4);
    code.writeInt32BE(7);
    relay.write(Buffer.concat([encodeFrame(FRAME.data, e.subarray(0, 1)), encodeFrame(FRAME.data, e.subarray(1))]));
    relay.end(encodeFrame(FRAME.exit, code));
    expect(await exited).toEqual({ exitCode: 7, reason: "exited" });
    expect(out).toBe("é");
  });

  it("says detached when the relay goes without an exit code, and ends on a stream that is not frames", async () => {
    const a = await pair();
    const detached = new Promise((r) => a.tty.onExit(r));
    a.relay.destroy();
    expect(await detached).toEqual({ exitCode: null, reason: "detached" });
    const b = await pair();
    const ended = new Promise((r) => b.tty.onExit(r));
    b.relay.write(Buffer.from([FRAME.data, 0xff, 0xff, 0xff, 0xff]));
    expect(await ended).toEqual({ exitCode: null, reason: "detached" });
    expect(b.tty.closed).toBe(true);
  });
});
