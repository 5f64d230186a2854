import { describe, expect, it } from "vitest";
import { describeLimits } from "./describeLimits";

const MiB = 1024 * 1024;

describe("the sentence of what a sandbox is capped at", () => {
  it("names every cap, sizes as people read them", () => {
    expect(describeLimits({ memoryBytes: 512 * MiB, pids: 256, nanoCpus: 1e9, diskBytes: 2048 * MiB })).toBe(
      "caps per sandbox: memory 512 MiB, 256 processes, 1 CPU, disk 2 GiB written",
    );
    expect(describeLimits({ memoryBytes: 1536 * MiB, pids: 64, nanoCpus: 5e8, diskBytes: 64 * MiB })).toBe(
      "caps per sandbox: memory 1536 MiB, 64 processes, 0.5 CPU, disk 64 MiB written",
    );
  });

  it("says instead, plainly, when the disk is not capped", () => {
    expect(
      describeLimits({ memoryBytes: 512 * MiB, pids: 256, nanoCpus: 1e9, diskBytes: 512 * MiB }, "sandbox disk NOT capped: why"),
    ).toBe("caps per sandbox: memory 512 MiB, 256 processes, 1 CPU; sandbox disk NOT capped: why");
  });
});
