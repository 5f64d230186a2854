import { describe, expect, it } from "vitest";
import { alignSteps } from "./alignSteps";
import { synthesizeRecording, terminalText } from "./synthesizeRecording";
import { replayFromStart } from "./testing/headlessScreen";

const steps = [
  { action: "ls /testbed", observation: "dir1\ndir2\nfile.txt", durationMs: 120 },
  { action: "cat missing", observation: "cat: missing: No such file or directory\n", durationMs: null },
  { action: "submit", observation: "", durationMs: null },
];

describe("a replay made from an imported episode's steps", () => {
  it("shows prompt, action and observation in order, one turn after another", async () => {
    const rec = synthesizeRecording(steps, { environment: "bash" });
    const ends = alignSteps(
      rec.events.map((e) => e[0]),
      rec.stepSpans!.map(([castStart, castEnd]) => ({ castStart, castEnd })),
    );
    const screenAt = async (turn: number) => (await replayFromStart(rec, ends[turn])).text().trimEnd();
    expect(await screenAt(0)).toBe("$");
    expect(await screenAt(1)).toBe("$ ls /testbed\ndir1\ndir2\nfile.txt\n$");
    expect(await screenAt(2)).toBe(
      "$ ls /testbed\ndir1\ndir2\nfile.txt\n$ cat missing\ncat: missing: No such file or directory\n$",
    );
    expect((await screenAt(3)).split("\n").slice(-2)).toEqual(["$ submit", "$"]);
  });

  it("paces turns by their duration, one second when unknown", () => {
    const rec = synthesizeRecording(steps, { environment: "bash" });
    expect(rec.stepSpans).toEqual([
      [0.5, 0.62],
      [1.12, 2.12],
      [2.62, 3.62],
    ]);
    expect(rec.synthesized).toBe(true);
  });

  it("uses the environment's prompts, for multi-line actions too", async () => {
    const rec = synthesizeRecording([{ action: "def f():\n    return 1", observation: "", durationMs: 0 }], {
      environment: "python",
    });
    expect((await replayFromStart(rec, rec.events.length)).text().trimEnd()).toBe(">>> def f():\n...     return 1\n>>>");
  });

  it("shows control characters in logs as symbols instead of running them", () => {
    expect(terminalText("a\x1b[2Jb\r\nc\rd\x00\x07")).toBe("a␛[2Jb\r\nc\r\nd␀␇");
  });

  it("makes a recording with only the prompt for an episode with no steps", () => {
    const rec = synthesizeRecording([], { environment: "sql" });
    expect(rec.events).toHaveLength(1);
    expect(rec.stepSpans).toEqual([]);
  });
});
