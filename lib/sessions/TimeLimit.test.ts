import { describe, expect, it } from "vitest";
import { TimeLimit } from "./TimeLimit";

/** A hand-wound clock: `advance` runs what is due. */
function clock() {
  let t = 0;
  let jobs: { at: number; fn: () => void }[] = [];
  return {
    now: () => t,
    schedule: (fn: () => void, ms: number) => {
      const job = { at: t + ms, fn };
      jobs.push(job);
      return job as unknown as ReturnType<typeof setTimeout>;
    },
    advance(ms: number) {
      t += ms;
      const due = jobs.filter((j) => j.at <= t);
      jobs = jobs.filter((j) => j.at > t);
      due.forEach((j) => j.fn());
    },
  };
}

describe("a task's time limit", () => {
  it("wall clock: runs out after the limit, whether or not anyone is there", () => {
    const c = clock();
    let expired = 0;
    const tl = new TimeLimit(60_000, "wall", () => expired++, c.now, c.schedule);
    tl.presence(false);
    c.advance(59_000);
    expect([expired, tl.leftMs()]).toEqual([0, 1000]);
    c.advance(1000);
    expect(expired).toBe(1);
  });

  it("connected: paused while the player is away, the time left kept", () => {
    const c = clock();
    let expired = 0;
    const tl = new TimeLimit(60_000, "connected", () => expired++, c.now, c.schedule);
    expect(tl.paused).toBe(true); // not yet attached
    c.advance(30_000);
    expect(tl.leftMs()).toBe(60_000);
    tl.presence(true);
    c.advance(20_000);
    tl.presence(false);
    c.advance(600_000);
    expect([expired, tl.leftMs()]).toEqual([0, 40_000]);
    tl.presence(true);
    tl.presence(true); // a second tab changes nothing
    c.advance(39_999);
    expect(expired).toBe(0);
    c.advance(1);
    expect([expired, tl.leftMs()]).toEqual([1, 0]);
    tl.presence(true);
    c.advance(100_000);
    expect(expired).toBe(1);
  });
});
