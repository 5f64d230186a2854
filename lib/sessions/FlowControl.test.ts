import { describe, expect, it } from "vitest";
import { FlowControl } from "./FlowControl";

function setup() {
  const calls: string[] = [];
  const fc = new FlowControl(() => calls.push("pause"), () => calls.push("resume"), 100, 10);
  return { fc, calls };
}

describe("FlowControl", () => {
  it("pauses the TTY when a page falls behind and resumes when it catches up", () => {
    const { fc, calls } = setup();
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
    fc.sent("fast", 50);
    fc.sent("slow", 150);
    fc.acked("fast", 50);
    expect(calls).toEqual(["pause"]);
    fc.remove("slow");
    expect(calls).toEqual(["pause", "resume"]);
  });

  it("ignores acknowledgements from pages it never sent to", () => {
    const { fc, calls } = setup();
    fc.acked("ghost", 1000);
    fc.sent("a", 200);
    expect(calls).toEqual(["pause"]);
  });
});
