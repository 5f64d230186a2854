import { afterEach, describe, expect, it, vi } from "vitest";
import { OutputThrottle } from "./OutputThrottle";
import { PauseGate } from "./PauseGate";

afterEach(() => vi.useRealTimers());

describe("OutputThrottle", () => {
  it("holds the TTY once a window's budget is spent and lets go when the window ends", () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const t = new OutputThrottle(
      () => calls.push("hold"),
      () => calls.push("release"),
      100,
      50,
      () => Date.now(),
    );
    t.consumed(60);
    expect(calls).toEqual([]);
    t.consumed(60);
    expect(calls).toEqual(["hold"]);
    t.consumed(500);
    expect(calls).toEqual(["hold"]);
    vi.advanceTimersByTime(50);
    expect(calls).toEqual(["hold", "release"]);
    t.consumed(90);
    expect(calls).toEqual(["hold", "release"]);
  });
});

describe("PauseGate", () => {
  it("resumes only when every reason has let go", () => {
    const calls: string[] = [];
    const g = new PauseGate(
      () => calls.push("pause"),
      () => calls.push("resume"),
    );
    g.hold("flow");
    g.hold("rate");
    g.release("flow");
    expect(calls).toEqual(["pause"]);
    g.release("rate");
    expect(calls).toEqual(["pause", "resume"]);
    g.release("rate");
    expect(calls).toEqual(["pause", "resume"]);
  });
});
