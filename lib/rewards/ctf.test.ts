import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scoreCtf } from "./ctf";

describe("scoreCtf (intercode reward, plateau reward)", () => {
  it.each<[string, string, string, number, number]>([
    ["exact flag", "picoCTF{abc}", "picoCTF{abc}", 1, 1],
    ["case differs", "PICOCTF{ABC}", "picoCTF{abc}", 1, 1],
    ["wrong flag", "picoCTF{abd}", "picoCTF{abc}", 0, 0],
    ["trailing newline: InterCode compares it, plateau trims it", "picoCTF{abc}\n", "picoCTF{abc}", 0, 1],
    ["leading space: InterCode reads an empty flag", " picoCTF{abc}", "picoCTF{abc}", 0, 1],
    ["a flag with a space: InterCode reads only 'picoCTF{a'", "picoCTF{a b}", "picoCTF{a b}", 0, 1],
    ["words after the flag: InterCode stops at the space and accepts", "picoCTF{abc} is the flag", "picoCTF{abc}", 1, 0],
    ["empty submission", "", "picoCTF{abc}", 0, 0],
    ["unicode case folding by lowercase", "FLAG{ÉTÉ}", "flag{été}", 1, 1],
  ])("%s", (_why, submitted, gold, intercode, plateau) => {
    const i = scoreCtf({ submitted, gold }, "intercode");
    const p = scoreCtf({ submitted, gold }, "plateau");
    expect([i.reward, p.reward]).toEqual([intercode, plateau]);
    expect([i.success, p.success]).toEqual([intercode === 1, plateau === 1]);
  });

  it("shows the flag as each mode read it", () => {
    expect(scoreCtf({ submitted: "picoCTF{a b}", gold: "x" }, "intercode").breakdown).toEqual({
      flag: "picoCTF{a",
      gold: "x",
      notes: ['InterCode read the flag up to the first space: "picoCTF{a"'],
    });
    expect(scoreCtf({ submitted: " picoCTF{a b}\n", gold: "x" }, "plateau").breakdown.flag).toBe("picoCTF{a b}");
  });

  it("plateau: identical flags give 1, and every reward is 0 or 1", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(scoreCtf({ submitted: a, gold: a }, "plateau").reward).toBe(1);
        expect([0, 1]).toContain(scoreCtf({ submitted: a, gold: b }, "plateau").reward);
      }),
    );
  });
});
