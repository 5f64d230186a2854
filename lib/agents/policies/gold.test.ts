import { describe, expect, it } from "vitest";
import { goldPolicy } from "./gold";
import type { TaskView } from "../types";

const task = (environment: string, gold: string): TaskView => ({ id: 1, environment, dataset: "d", index: 0, query: "q", gold });

describe("the gold policy", () => {
  it("runs a Bash gold command, then submits", async () => {
    const p = goldPolicy();
    expect(await p.next([], task("bash", "ls -l"))).toEqual({ action: "ls -l" });
    expect(
      await p.next(
        [{ kind: "step", action: "ls -l", observation: "", exitCode: 0, admissible: true, timedOut: false }],
        task("bash", "ls -l"),
      ),
    ).toEqual({ action: "submit" });
  });

  it("submits a CTF task's flag at once", async () => {
    expect(await goldPolicy().next([], task("ctf", "picoCTF{x}"))).toEqual({ action: "submit picoCTF{x}" });
  });
});
