import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SharedTick } from "./SharedTick";

describe("SharedTick", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs every owner's work at one tick, each once, within the period of the first", () => {
    const tick = new SharedTick(200);
    const ran: string[] = [];
    const a = () => ran.push("a");
    const b = () => ran.push("b");
    tick.schedule(a);
    vi.advanceTimersByTime(150);
    tick.schedule(b);
    tick.schedule(a);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(50);
    expect(ran).toEqual(["a", "b"]);
    vi.advanceTimersByTime(1000);
    expect(ran).toEqual(["a", "b"]);
  });

  it("drops cancelled work, and work scheduled while it fires waits for the next tick", () => {
    const tick = new SharedTick(100);
    const ran: string[] = [];
    const later = () => ran.push("later");
    const gone = () => ran.push("gone");
    tick.schedule(gone);
    tick.schedule(() => tick.schedule(later));
    tick.cancel(gone);
    vi.advanceTimersByTime(100);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(ran).toEqual(["later"]);
  });
});
