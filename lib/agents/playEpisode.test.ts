import { describe, expect, it } from "vitest";
import { playEpisode } from "./playEpisode";
import { FakeSession } from "./testing/FakeSession";
import { goldPolicy } from "./policies/gold";
import { scriptedPolicy } from "./policies/scripted";
import type { Policy, TaskView } from "./types";

const task: TaskView = { id: 7, environment: "bash", dataset: "nl2bash_fs_4", index: 0, query: "q", gold: "uname -v" };
const base = { task, turnLimit: 10, actionTimeoutMs: 1000, maxConsecutiveErrors: 3 };

describe("the agent harness", () => {
  it("plays the gold, then types submit", async () => {
    const session = new FakeSession(undefined, { solvedBy: "uname -v" });
    const out = await playEpisode({ ...base, session, policy: goldPolicy() });
    expect(session.typed).toEqual(["uname -v", "submit"]);
    expect(out.result.scores[0]).toMatchObject({ reward: 1, success: true });
    expect(out.timings).toEqual([{ index: 0, wallMs: expect.any(Number), commandMs: 1, sessionMs: expect.any(Number) }]);
  });

  it("scripted: plays the list, then submits; the turn limit cuts it short", async () => {
    const s1 = new FakeSession();
    await playEpisode({ ...base, session: s1, policy: scriptedPolicy(["a", "b"]) });
    expect(s1.typed).toEqual(["a", "b", "submit"]);
    const s2 = new FakeSession(undefined, { turnLimit: 2 });
    const out = await playEpisode({ ...base, turnLimit: 2, session: s2, policy: scriptedPolicy(["a", "b", "c"]) });
    expect(s2.typed).toEqual(["a", "b"]);
    expect(out).toMatchObject({ forcedSubmit: true, turns: 2 });
  });

  it("feeds observations, exit codes and timeouts back to the policy", async () => {
    const seen: unknown[] = [];
    const policy: Policy = {
      name: "scripted",
      async next(history) {
        seen.push(history.at(-1));
        return history.length < 2 ? { action: history.length ? "slow" : "bad" } : { action: "submit" };
      },
    };
    const session = new FakeSession((a) =>
      a === "bad" ? { output: "no\n", exitCode: 2 } : { output: "", exitCode: 130, timedOut: true },
    );
    await playEpisode({ ...base, session, policy });
    expect(seen).toEqual([
      undefined,
      {
        kind: "step",
        action: "bad",
        observation: "no\n",
        exitCode: 2,
        admissible: false,
        timedOut: false,
        thought: null,
        plan: null,
        reply: null,
      },
      {
        kind: "step",
        action: "slow",
        observation: "\nCommand timed out",
        exitCode: 130,
        admissible: false,
        timedOut: true,
        thought: null,
        plan: null,
        reply: null,
      },
    ]);
  });

  it("skips the episode when the run is cancelled", async () => {
    const ctrl = new AbortController();
    const session = new FakeSession();
    const policy: Policy = {
      name: "scripted",
      next: async (h) => (h.length === 1 && ctrl.abort(), { action: `step ${h.length}` }),
    };
    const out = await playEpisode({ ...base, session, policy, signal: ctrl.signal });
    expect(out.result.status).toBe("skipped");
    expect(session.typed).toEqual(["step 0"]);
  });

  it("ends the episode at once on a fatal policy error", async () => {
    const session = new FakeSession();
    const out = await playEpisode({
      ...base,
      session,
      policy: { name: "try-again", next: async () => ({ error: "model error: cannot reach x", fatal: true }) },
    });
    expect(out.result).toMatchObject({ status: "error", error: "model error: cannot reach x" });
    expect(out.failures).toEqual([{ turn: 1, reason: "model error: cannot reach x" }]);
  });

  it("stops when the session ends under it (the server stopping)", async () => {
    const session = new FakeSession();
    const policy: Policy = {
      name: "scripted",
      next: async (h) => (h.length === 1 ? (await session.end("interrupted"), { action: "x" }) : { action: "ls" }),
    };
    const out = await playEpisode({ ...base, session, policy });
    expect(out.result.status).toBe("interrupted");
    expect(session.typed).toEqual(["ls"]);
  });

  it("stores thoughts and plans through saveNotes, by step index", async () => {
    const notes: Array<[number, unknown]> = [];
    const policy: Policy = {
      name: "react",
      next: async (h) =>
        h.length < 2 ? { action: `c${h.length}`, thought: `t${h.length}` } : { action: "submit", thought: "done" },
    };
    await playEpisode({ ...base, session: new FakeSession(), policy, saveNotes: (i, n) => notes.push([i, n]) });
    expect(notes).toEqual([
      [0, { thought: "t0", plan: null }],
      [1, { thought: "t1", plan: null }],
      [2, { thought: "done", plan: null }],
    ]);
  });
});
