import { describe, expect, it } from "vitest";
import { TtyBase, type ExitInfo } from "./TtyBase";

// A terminal whose bytes the test sends: what either driver's Tty does with them is TtyBase's.
class FakeTty extends TtyBase {
  readonly markNonce = "nonce";
  output(s: string) {
    this.emitOutput(s);
  }
  exit(info: ExitInfo) {
    this.emitExit(info);
  }
  write() {}
  resize() {}
  pause() {}
  resume() {}
  close() {}
}

describe("TtyBase", () => {
  it("hands the output that came before the first listener (the first prompt) to that listener, at once and whole", () => {
    const t = new FakeTty();
    t.output("$ ");
    t.output("\x1b]133;B\x07");
    const seen: string[] = [];
    t.onData((s) => seen.push(s));
    t.output("ls\r\n");
    expect(seen).toEqual(["$ \x1b]133;B\x07", "ls\r\n"]);
  });

  it("stops sending output to a listener once it is disposed", () => {
    const t = new FakeTty();
    const seen: string[] = [];
    const sub = t.onData((s) => seen.push(s));
    t.output("a");
    sub.dispose();
    t.output("b");
    expect(seen).toEqual(["a"]);
  });

  it("tells the exit once, and tells a listener that comes after it too", async () => {
    const t = new FakeTty();
    const early: ExitInfo[] = [];
    t.onExit((i) => early.push(i));
    t.exit({ exitCode: 0, reason: "exited" });
    t.exit({ exitCode: 1, reason: "exited" });
    const late = await new Promise<ExitInfo>((r) => t.onExit(r));
    expect(early).toEqual([{ exitCode: 0, reason: "exited" }]);
    expect(late).toEqual({ exitCode: 0, reason: "exited" });
  });

  it("whenOutput resolves at the first output", async () => {
    const t = new FakeTty();
    const waited = t.whenOutput(60_000);
    t.output("$ ");
    await expect(waited).resolves.toBeUndefined();
  });
});
