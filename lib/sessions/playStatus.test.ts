import { describe, expect, it } from "vitest";
import { playEnded, playStatusLabel } from "./playStatus";

describe("playStatusLabel", () => {
  const base = { episode: true, player: true, connected: true, status: "active" as const };
  it.each([
    [{ ...base, episode: false }, ""],
    [base, "connected"],
    [{ ...base, connected: false }, "connecting…"],
    [{ ...base, player: false }, "watching: only the player types"],
    [{ ...base, status: "submitted" as const }, "episode submitted: the terminal no longer takes input"],
    [{ ...base, status: "skipped" as const, connected: false }, "episode skipped: the terminal no longer takes input"],
    [{ ...base, status: "starting" as const }, "connected"],
  ])("%o → %s", (input, label) => expect(playStatusLabel(input)).toBe(label));

  it("only a finished status ends play", () => {
    expect(playEnded(null)).toBe(false);
    expect(playEnded("active")).toBe(false);
    expect(playEnded("error")).toBe(true);
  });
});
