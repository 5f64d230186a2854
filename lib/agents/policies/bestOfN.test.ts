import { afterEach, describe, expect, it } from "vitest";
import { startFakeChatServer, type FakeChatServer } from "../testing/FakeChatServer";
import { FakeSession } from "../testing/FakeSession";
import { createChatClient } from "../llm/ChatClient";
import { LlmSettings } from "../llm/LlmSettings";
import { playEpisode } from "../playEpisode";
import type { TaskView } from "../types";
import { bestOfNPolicy, chooseCandidate, parseVerifierScore, type BestOfNSearch, type PublicTestRun } from "./bestOfN";

// Best-of-N against a FAKE chat server (fixed candidates) and a fake session; the candidates' public
// tests are a table here (python.int.test.ts runs them in a real scratch sandbox).

const task: TaskView = {
  id: 1,
  environment: "python",
  dataset: "mbpp",
  index: 0,
  query: "Write add_one.",
  gold: "def add_one(x): return x + 1",
};
const py = (code: string) => "```python\n" + code + "\n```";
const LOSER = "def add_one(x): return x";
const HALF = "def add_one(x): return 2";
const WINNER = "def add_one(x): return x + 1";
const table: Record<string, PublicTestRun> = {
  [LOSER]: { passed: 0, total: 2 },
  [HALF]: { passed: 1, total: 2 },
  [WINNER]: { passed: 2, total: 2 },
};

let fake: FakeChatServer | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

const chat = (url: string) =>
  createChatClient(
    LlmSettings.parse({
      endpoint: "fake",
      baseUrl: url,
      model: "m",
      temperature: 1,
      timeoutMs: 2000,
      retries: 0,
      retryDelayMs: 0,
    }),
    null,
  );

describe("best-of-n", () => {
  it("asks N times, runs each candidate on the public tests, executes only the winner, stores all N, then submits", async () => {
    fake = await startFakeChatServer([py(LOSER), "no code here", py(WINNER), py(HALF)]);
    const tried: string[][] = [];
    const policy = bestOfNPolicy({
      chat: chat(fake.url),
      n: 4,
      historyWindow: 5,
      maxObservationChars: 1000,
      prompt: { timeoutSeconds: 10 },
      publicTask: () => ({ functionName: "add_one", publicTests: ["assert add_one(1) == 2"] }),
      tryCandidates: async (_h, candidates) => {
        tried.push(candidates);
        return candidates.map((c) => table[c]);
      },
    });
    const session = new FakeSession(() => ({ output: "" }), { turnLimit: 10 });
    const searches = new Map<number, unknown>();
    const out = await playEpisode({
      session,
      policy,
      task,
      turnLimit: 10,
      actionTimeoutMs: 10_000,
      maxConsecutiveErrors: 3,
      saveNotes: (i, n) => searches.set(i, (n as { search?: unknown }).search),
    });
    expect(fake.requests).toHaveLength(4);
    expect(fake.requests[0].messages[0].content).toContain("assert add_one(1) == 2");
    expect(tried).toEqual([[LOSER, WINNER, HALF]]);
    expect(session.typed).toEqual([WINNER, "submit"]);
    expect(out.result.status).toBe("submitted");
    const search = searches.get(0) as BestOfNSearch;
    expect(search.candidates.map((c) => [c.code, c.score])).toEqual([
      [LOSER, 0],
      [null, 0],
      [WINNER, 1],
      [HALF, 0.5],
    ]);
    expect(search.candidates[1].problem).toBe("no code block in the reply");
    expect(search).toMatchObject({ n: 4, chosen: 2, rule: "pass rate, ties first" });
  });

  it("breaks ties by the first candidate, or by the verifier's score when there is one", async () => {
    const c = (score: number, verifierScore: number | null, code: string | null = "x") => ({ code, score, verifierScore });
    expect(chooseCandidate([c(0.5, null), c(0.5, null), c(0, null)])).toBe(0);
    expect(chooseCandidate([c(0.5, 0.2), c(0.5, 0.9), c(1, 0.1, null)])).toBe(1);
    expect(chooseCandidate([c(0, 0.9), c(0.5, 0)])).toBe(1);
    expect(parseVerifierScore("Score: 0.85")).toBe(0.85);
    expect(parseVerifierScore("1")).toBe(1);
    expect(parseVerifierScore("I cannot say")).toBeNull();
  });
});
