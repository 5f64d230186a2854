import { afterEach, describe, expect, it, vi } from "vitest";
import { OutputBatcher } from "./OutputBatcher";

afterEach(() => vi.useRealTimers());

/** A batcher with a 4 ms window on a clock the test moves, and what it sent. */
function batcher() {
  vi.useFakeTimers();
  const clock = { t: 0 };
  const sent: string[] = [];
  const b = new OutputBatcher(
    (d) => sent.push(d),
    4,
    () => clock.t,
  );
  return { b, sent, clock };
}

describe("OutputBatcher", () => {
  it("sends a lone chunk at once", () => {
    const { b, sent } = batcher();
    b.push("a");
    expect(sent).toEqual(["a"]);
  });

  it("sends a chunk that closely follows another at once too (a key's echo right after the line was erased)", () => {
    const { b, sent, clock } = batcher();
    b.push("\r\x1b[K$ ");
    clock.t = 1;
    b.push("a");
    expect(sent).toEqual(["\r\x1b[K$ ", "a"]);
  });

  it("gathers a flood past the first chunks into one message a window, in order", () => {
    const { b, sent, clock } = batcher();
    b.push("a");
    b.push("b");
    b.push("c");
    b.push("d");
    expect(sent).toEqual(["a", "b"]);
    clock.t = 4;
    vi.advanceTimersByTime(4);
    expect(sent).toEqual(["a", "b", "cd"]);
    // A steady flood, a chunk every 0.1 ms for 40 ms: about one message a window, nothing lost.
    for (let i = 0; i < 400; i++) {
      clock.t = 4 + i / 10;
      b.push(String(i % 10));
      vi.advanceTimersByTime(0.1);
    }
    clock.t = 60;
    vi.advanceTimersByTime(20);
    expect(sent.length - 3).toBeLessThanOrEqual(12);
    expect(sent.slice(3).join("")).toBe(Array.from({ length: 400 }, (_, i) => String(i % 10)).join(""));
    // Quiet again: the next chunk goes at once.
    clock.t = 100;
    b.push("e");
    expect(sent[sent.length - 1]).toBe("e");
  });

  it("flush() sends what is waiting now", () => {
    const { b, sent } = batcher();
    b.push("a");
    b.push("b");
    b.push("c");
    expect(sent).toEqual(["a", "b"]);
    b.flush();
    expect(sent).toEqual(["a", "b", "c"]);
    vi.advanceTimersByTime(10);
    expect(sent).toEqual(["a", "b", "c"]);
  });
});
