import { describe, expect, it } from "vitest";
import { sandboxLimitRefusal } from "./sandboxLimits";

const limits = { total: 4, perAccount: 2, perParticipant: 1 };

describe("sandbox limits", () => {
  it("lets an account start until its own limit, then says 429 with the setting's name", () => {
    const owner = { userId: "r1", role: "researcher" as const };
    expect(sandboxLimitRefusal(limits, ["r1"], owner)).toBeNull();
    expect(sandboxLimitRefusal(limits, ["r1", "r1"], owner)).toEqual({
      status: 429,
      message: expect.stringContaining("PLATEAU_MAX_SANDBOXES_PER_ACCOUNT=2"),
    });
  });

  it("gives a participant one episode at a time", () => {
    const p = { userId: "p1", role: "participant" as const };
    expect(sandboxLimitRefusal(limits, ["r1"], p)).toBeNull();
    expect(sandboxLimitRefusal(limits, ["p1"], p)).toEqual({
      status: 429,
      message: expect.stringContaining("in progress already"),
    });
  });

  it("refuses everyone once the server holds its total, 503", () => {
    const full = ["a", "b", "c", null];
    expect(sandboxLimitRefusal(limits, full, { userId: "z", role: "admin" })?.status).toBe(503);
    expect(sandboxLimitRefusal(limits, full, null)?.status).toBe(503);
    expect(sandboxLimitRefusal(limits, full.slice(1), null)).toBeNull();
  });
});
