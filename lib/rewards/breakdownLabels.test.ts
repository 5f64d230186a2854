import { describe, expect, it } from "vitest";
import { breakdownLabel } from "./breakdownLabels";

describe("breakdownLabel", () => {
  it("names the known fields and says what they mean", () => {
    expect(breakdownLabel("hashMismatches")).toEqual({
      label: "Files whose contents differ",
      definition: expect.stringMatching(/contents/),
    });
    expect(breakdownLabel("file_diff").label).toBe("File changes (P1)");
  });
  it("spells out an unknown field from its name", () => {
    expect(breakdownLabel("someNewField")).toEqual({ label: "Some new field" });
    expect(breakdownLabel("max_reward_idx")).toEqual({ label: "Max reward idx" });
    expect(breakdownLabel("constructor")).toEqual({ label: "Constructor" });
  });
});
