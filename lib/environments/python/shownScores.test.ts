import { describe, expect, it } from "vitest";
import { scorePython } from "../../rewards";
import { withPrivateTestsCounted } from "./shownScores";

const pass = { output: "", error: null };
const hint = { output: "", error: "ValueError: (7, 8) has no common element with (1, 2)" };

describe("a Python score as it is shown", () => {
  it("keeps a differing public test whole and only counts the differing private ones", () => {
    const s = scorePython({ agent: [{ output: "", error: "AssertionError" }, hint, pass], gold: [pass, pass, pass] }, "plateau");
    const shown = withPrivateTestsCounted({ ...s, breakdown: { ...s.breakdown, submittedFunction: "f" } }, 1);
    expect(shown).toMatchObject({ reward: 1 / 3, success: false });
    expect(shown.breakdown).toEqual({
      matching: 1,
      total: 3,
      differing: [{ index: 0, agent: { output: "", error: "AssertionError" }, gold: pass }],
      privateDiffering: 1,
      submittedFunction: "f",
    });
    expect(JSON.stringify(shown)).not.toContain("(7, 8)");
  });

  it("leaves a mucode score (counts only) as it is", () => {
    const mucode = {
      mode: "mucode" as const,
      reward: 0,
      success: false,
      version: "mucode-1",
      breakdown: { privateTests: 2, privatePassed: 1 },
    };
    expect(withPrivateTestsCounted(mucode, 1)).toBe(mucode);
  });
});
