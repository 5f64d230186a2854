import { describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/types";
import type { TaskForPlay } from "../../sessions/console";
import { createCtfScorer, flagOf, WRONG_FLAG, WRONG_FLAG_REWARD_HIDDEN } from "./scorer";

const task: TaskForPlay = {
  id: 5,
  environment: "ctf",
  dataset: "ctf",
  query: "q",
  gold: "picoCTF{s4n1ty_v3r1f13d_2fd6ed29}",
  fileSystem: null,
  db: null,
  extra: { taskId: 4 },
};
const scoreOf = (submitted: string) => createCtfScorer(task).score({ sandbox: {} as Sandbox, steps: [], submitted });

describe("CTF scoring", () => {
  it("reads the flag after the word and one space, verbatim", () => {
    expect(flagOf("submit picoCTF{a}")).toBe("picoCTF{a}");
    expect(flagOf("submit  picoCTF{a b}")).toBe(" picoCTF{a b}");
    expect(flagOf("submit")).toBe("");
  });

  it("a right flag (ignoring case) scores 1 in both modes and ends the episode", async () => {
    const r = await scoreOf("submit PICOCTF{s4n1ty_v3r1f13d_2fd6ed29}");
    expect(r.scores.map((s) => [s.mode, s.reward])).toEqual([
      ["intercode", 1],
      ["plateau", 1],
    ]);
    expect(r.tryAgain).toBeUndefined();
  });

  it("a wrong flag scores 0 and lets the player go on", async () => {
    const r = await scoreOf("submit picoCTF{nope}");
    expect(r.scores.every((s) => s.reward === 0)).toBe(true);
    expect(r.tryAgain).toBe(WRONG_FLAG);
  });

  it("in a study that hides rewards, the player is told the flag is wrong without its reward", async () => {
    const r = await createCtfScorer(task, { showReward: false }).score({
      sandbox: {} as Sandbox,
      steps: [],
      submitted: "submit picoCTF{nope}",
    });
    expect(r.tryAgain).toBe(WRONG_FLAG_REWARD_HIDDEN);
    expect(r.tryAgain).not.toMatch(/reward/);
  });

  it("a flag with a trailing space is right in both modes (InterCode reads up to the first space, Plateau trims)", async () => {
    const r = await scoreOf("submit picoCTF{s4n1ty_v3r1f13d_2fd6ed29} ");
    expect(Object.fromEntries(r.scores.map((s) => [s.mode, s.reward]))).toEqual({ intercode: 1, plateau: 1 });
  });
});
