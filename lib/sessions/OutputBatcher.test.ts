import { afterEach, describe, expect, it, vi } from "vitest";
import { OutputBatcher } from "./OutputBatcher";

afterEach(() => vi.useRealTimers());

describe("OutputBatcher", () => {
  it("sends a lone chunk at once", () => {
    const sent: string[] = [];
    const b = new OutputBatcher(
      (d) => sent.push(d),
      4,
      () => 100,
    );
    b.push("a");
    expect(sent).toEqual(["a"]);
  });

  it("gathers chunks that follow within the window into one message, in order", () => {
    vi.useFakeTimers();
    let t = 0;
    const sent: string[] = [];
    const b = new OutputBatcher(
      (d) => sent.push(d),
      4,
      () => t,
    );
    b.push("a");
    t = 1;
    b.push("b");
    b.push("c");
    expect(sent).toEqual(["a"]);
    t = 5;
    vi.advanceTimersByTime(4);
    expect(sent).toEqual(["a", "bc"]);
    t = 20;
    b.push("d");
    expect(sent).toEqual(["a", "bc", "d"]);
  });

  it("flush() sends what is waiting now", () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const b = new OutputBatcher(
      (d) => sent.push(d),
      4,
      () => 0,
    );
    b.push("a");
    b.push("b");
    b.flush();
    expect(sent).toEqual(["a", "b"]);
    vi.advanceTimersByTime(10);
    expect(sent).toEqual(["a", "b"]);
  });
});
