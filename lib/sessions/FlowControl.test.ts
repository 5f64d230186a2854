import { describe, expect, it } from "vitest";
import { FlowControl } from "./FlowControl";

function setup() {
  const calls: string[] = [];
  const fc = new FlowControl(
    { pause: () => calls.push("pause"), resume: () => calls.push("resume"), caughtUp: (id) => calls.push(`caught up ${id}`) },
    100,
    10,
  );
  return { fc, calls };
}

describe("FlowControl", () => {
  it("pauses the TTY when a page falls behind and resumes when it catches up", () => {
    const { fc, calls } = setup();
    fc.add("a", true);
    fc.sent("a", 60);
    fc.sent("a", 60);
    expect(calls).toEqual(["pause"]);
    fc.acked("a", 100);
    expect(calls).toEqual(["pause"]);
    fc.acked("a", 15);
    expect(calls).toEqual(["pause", "resume"]);
  });

  it("follows the slowest page, and forgets a page that leaves", () => {
    const { fc, calls } = setup();
    fc.add("fast", true);
    fc.add("slow", true);
    fc.sent("fast", 50);
    fc.sent("slow", 150);
    fc.acked("fast", 50);
    expect(calls).toEqual(["pause"]);
    fc.remove("slow");
    expect(calls).toEqual(["pause", "resume"]);
  });

  it("ignores acknowledgements from pages it never sent to", () => {
    const { fc, calls } = setup();
    fc.add("a", true);
    fc.acked("ghost", 1000);
    fc.sent("ghost", 1000);
    fc.sent("a", 200);
    expect(calls).toEqual(["pause"]);
  });

  it("never pauses for a spectator: one that falls behind is sent nothing until it catches up", () => {
    const { fc, calls } = setup();
    fc.add("player", true);
    fc.add("watcher", false);
    for (let i = 0; i < 10; i++) {
      fc.sent("player", 50);
      fc.acked("player", 50);
      if (!fc.isBehind("watcher")) fc.sent("watcher", 50);
    }
    expect(calls).toEqual([]);
    expect(fc.isBehind("watcher")).toBe(true);
    fc.acked("watcher", 100);
    expect(fc.isBehind("watcher")).toBe(true); // 50 still unacknowledged: not below LOW yet
    fc.acked("watcher", 45);
    expect(calls).toEqual(["caught up watcher"]);
    expect(fc.isBehind("watcher")).toBe(false);
  });

  it("keeps the TTY paused for the player however a spectator acknowledges", () => {
    const { fc, calls } = setup();
    fc.add("player", true);
    fc.add("watcher", false);
    fc.sent("player", 150);
    fc.sent("watcher", 150);
    fc.acked("watcher", 150);
    expect(calls).toEqual(["pause", "caught up watcher"]);
    fc.acked("player", 150);
    expect(calls).toEqual(["pause", "caught up watcher", "resume"]);
  });
});
