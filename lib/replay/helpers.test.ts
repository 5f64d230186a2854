import { describe, expect, it } from "vitest";
import { searchSteps, stepToMatch } from "./searchSteps";
import { markKind, timelineMarks } from "./timelineMarks";
import { firstDifference } from "./firstDifference";
import { formatClock, formatDuration } from "./formatTime";
import { scrollToShow } from "./scrollToShow";
import type { ReplayStep } from "./types";

const step = (over: Partial<ReplayStep>): ReplayStep => ({
  index: 0,
  action: "",
  observation: "",
  exitCode: 0,
  admissible: true,
  reward: null,
  thought: null,
  plan: null,
  durationMs: null,
  truncated: false,
  castStart: null,
  castEnd: null,
  ...over,
});
const steps = [
  step({ action: "ls /testbed", observation: "dir1 dir2 File.txt" }),
  step({
    action: "cat file.txt",
    observation: "cat: file.txt: No such file",
    exitCode: 1,
    admissible: false,
    thought: "Look at the FILE",
  }),
  step({ action: "find . -name '*.txt'", observation: "./a.txt\n./file.txt", reward: 0.33 }),
  step({ action: "submit", observation: "" }),
];

describe("search inside an episode", () => {
  it("finds every occurrence in actions, observations and thoughts, in turn order, ignoring case", () => {
    const m = searchSteps(steps, "file");
    expect(m.map((x) => `${x.turn}:${x.field}:${x.start}`)).toEqual([
      "1:observation:10",
      "2:action:4",
      "2:observation:5",
      "2:observation:23",
      "2:thought:12",
      "3:observation:10",
    ]);
    expect(searchSteps(steps, "   ")).toEqual([]);
  });

  it("jumps to the next and previous match, wrapping around", () => {
    const m = searchSteps(steps, "file");
    expect(stepToMatch(m, null, 2, 1)).toBe(1); // from turn 2: its first match
    expect(stepToMatch(m, null, 4, 1)).toBe(0); // past the last: wrap to the first
    expect(stepToMatch(m, null, 2, -1)).toBe(4); // back from turn 2: its last match
    expect(stepToMatch(m, 4, 3, 1)).toBe(5);
    expect(stepToMatch(m, 5, 3, 1)).toBe(0);
    expect(stepToMatch(m, 0, 1, -1)).toBe(5);
    expect(stepToMatch([], null, 1, 1)).toBeNull();
  });
});

describe("timeline marks", () => {
  it.each([
    [{ action: "submit" }, "submit"],
    [{ action: "submit answer", reward: 1 }, "submit"],
    [{ reward: 0.5 }, "reward"],
    [{ exitCode: 2, admissible: false }, "error"],
    [{ admissible: false, exitCode: null }, "error"],
    [{ exitCode: null, admissible: null }, "step"],
  ] as const)("%j is a %s mark", (over, kind) => {
    expect(markKind(step(over))).toBe(kind);
  });

  it("places one mark per turn where it ends on the clock", () => {
    const marks = timelineMarks(steps, (k) => k * 10, 50);
    expect(marks.map((m) => [m.turn, m.at, m.kind])).toEqual([
      [1, 0.2, "step"],
      [2, 0.4, "error"],
      [3, 0.6, "reward"],
      [4, 0.8, "submit"],
    ]);
  });
});

describe("side by side", () => {
  it.each([
    [["ls", "cat a"], ["ls", "cat  a "], null],
    [["ls", "cat a"], ["ls", "cat b"], 1],
    [["ls"], ["ls", "pwd"], 1],
    [[], ["ls"], 0],
    [[], [], null],
  ] as const)("%j vs %j differ first at %s", (a, b, at) => {
    expect(firstDifference(a, b)).toBe(at);
  });
});

describe("times", () => {
  it("formats the clock and step durations", () => {
    expect([formatClock(0), formatClock(65.9), formatClock(4011.5)]).toEqual(["0:00", "1:05", "1:06:51"]);
    expect([
      formatDuration(850),
      formatDuration(4210),
      formatDuration(42_000),
      formatDuration(185_000),
      formatDuration(null),
    ]).toEqual(["850 ms", "4.2 s", "42 s", "3 m 05 s", ""]);
  });
});

describe("keeping the selected step in view", () => {
  it("scrolls only when the row is not fully shown, to the nearer edge", () => {
    expect(scrollToShow(100, 29, 0, 290)).toBeNull();
    expect(scrollToShow(290, 29, 0, 290)).toBe(29); // below: its bottom at the list's bottom
    expect(scrollToShow(29, 29, 100, 290)).toBe(29); // above: at the top
    expect(scrollToShow(280, 29, 0, 290)).toBe(19); // cut at the bottom
  });
});
