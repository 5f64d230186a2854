import { describe, expect, it } from "vitest";
import { alignSteps, turnAt } from "./alignSteps";
import { genCast } from "./testing/genCast";

const times = [0, 1, 1, 2, 3, 3, 4, 5];

describe("which events belong to which step", () => {
  it.each([
    { name: "castEnd includes events at that very time", steps: [{ castStart: 1, castEnd: 3 }], ends: [1, 6] },
    {
      name: "without castEnd a step ends before the next one starts",
      steps: [
        { castStart: 1, castEnd: null },
        { castStart: 3, castEnd: 4 },
      ],
      ends: [1, 4, 7],
    },
    {
      name: "the last step without castEnd runs to the end",
      steps: [
        { castStart: 0, castEnd: 2 },
        { castStart: 3, castEnd: null },
      ],
      ends: [0, 4, 8],
    },
    {
      name: "a step with no times ends where the previous did",
      steps: [
        { castStart: 1, castEnd: 2 },
        { castStart: null, castEnd: null },
        { castStart: null, castEnd: 5 },
      ],
      ends: [1, 4, 4, 8],
    },
    {
      name: "ends never go back",
      steps: [
        { castStart: 2, castEnd: 4 },
        { castStart: 1, castEnd: 1 },
      ],
      ends: [3, 7, 7],
    },
    { name: "no steps: the whole recording is turn 0", steps: [], ends: [8] },
  ])("$name", ({ steps, ends }) => {
    expect(alignSteps(times, steps)).toEqual(ends);
  });

  it("finds the turn a playhead is in", () => {
    const ends = [1, 4, 4, 8];
    expect([0, 1, 2, 4, 5, 8, 9].map((p) => turnAt(ends, p))).toEqual([0, 0, 1, 1, 3, 3, 3]);
  });

  it("gives each command of a real recording its prompt, its typed command and its output, nothing of the next", () => {
    const cast = genCast(50);
    const ends = alignSteps(
      cast.events.map((e) => e[0]),
      cast.steps,
    );
    const bytes = (k: number) =>
      cast.events
        .slice(ends[k - 1], ends[k])
        .map((e) => e[2])
        .join("");
    expect(ends).toHaveLength(51);
    for (let k = 1; k <= 50; k++) {
      const b = bytes(k);
      expect(b.startsWith("\x1b[01;32mdev@sandbox"), `turn ${k} starts with its prompt`).toBe(true);
      expect(b, `turn ${k} holds its command`).toContain(`${cast.commands[k - 1]}\r\n`);
      expect(b.indexOf("dev@sandbox", 9), `turn ${k} has no second prompt`).toBe(-1);
    }
    // Everything is accounted for: turn 0, the turns, and the final prompt after the last one.
    const all = cast.events.map((e) => e[2]).join("");
    const parts =
      cast.events
        .slice(0, ends[0])
        .map((e) => e[2])
        .join("") +
      Array.from({ length: 50 }, (_, i) => bytes(i + 1)).join("") +
      cast.events
        .slice(ends[50])
        .map((e) => e[2])
        .join("");
    expect(parts).toBe(all);
    expect(
      cast.events
        .slice(ends[50])
        .map((e) => e[2])
        .join(""),
    ).toMatch(/^\x1b\[01;32mdev@sandbox.*\$ $/);
  });
});
