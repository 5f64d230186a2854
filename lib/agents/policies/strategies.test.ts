import { afterEach, describe, expect, it } from "vitest";
import { startFakeChatServer, type FakeChatServer, type FakeReply } from "../testing/FakeChatServer";
import { FakeSession, type FakeOutput } from "../testing/FakeSession";
import { playEpisode, type PlayOutcome } from "../playEpisode";
import { createPolicy, maxConsecutiveErrors } from "./createPolicy";
import { PolicyConfig, type PolicyConfigInput } from "./PolicyConfig";
import type { TaskView } from "../types";

// Each LLM strategy plays against a FAKE OpenAI-compatible server (real HTTP, scripted replies) and a
// fake session: what it sends, what it types, what it stores, and when it stops.

const task: TaskView = {
  id: 1,
  environment: "bash",
  dataset: "nl2bash_fs_1",
  index: 0,
  query: "Count the files in /testbed",
  gold: "find /testbed -type f | wc -l",
};
let fake: FakeChatServer | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function play(
  policy: "single-turn" | "try-again" | "react" | "plan-solve",
  replies: FakeReply[],
  opts: {
    turnLimit?: number;
    respond?: (a: string) => FakeOutput;
    prompt?: Record<string, number>;
    llm?: Record<string, number>;
  } = {},
): Promise<{
  out: PlayOutcome;
  session: FakeSession;
  notes: Map<number, { thought: string | null; plan: string | null }>;
  fake: FakeChatServer;
}> {
  fake = await startFakeChatServer(replies);
  const config = PolicyConfig.parse({
    policy,
    llm: { endpoint: "fake", baseUrl: fake.url, model: "fake-model", retryDelayMs: 0, retries: 0, timeoutMs: 2000, ...opts.llm },
    prompt: opts.prompt ?? {},
  } satisfies PolicyConfigInput);
  const session = new FakeSession(opts.respond, { turnLimit: opts.turnLimit ?? 10 });
  const notes = new Map<number, { thought: string | null; plan: string | null }>();
  const out = await playEpisode({
    session,
    policy: createPolicy(config, { apiKey: null, timeoutSeconds: 10 }),
    task,
    turnLimit: opts.turnLimit ?? 10,
    actionTimeoutMs: 10_000,
    maxConsecutiveErrors: maxConsecutiveErrors(config),
    saveNotes: (i, n) => notes.set(i, n),
  });
  return { out, session, notes, fake };
}

const bash = (cmd: string) => "```bash\n" + cmd + "\n```";

describe("Single Turn", () => {
  it("asks once, runs the command, then submits", async () => {
    const { out, session, fake } = await play("single-turn", [`Here you go:\n${bash("ls /testbed | wc -l")}`]);
    expect(session.typed).toEqual(["ls /testbed | wc -l", "submit"]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(fake.requests[0].messages[1].content).toBe("Task: Count the files in /testbed");
    expect(out.result.status).toBe("submitted");
  });
});

describe("Try Again", () => {
  it("feeds each observation back and stops when the model submits", async () => {
    const { out, session, fake } = await play("try-again", [bash("ls"), bash("false"), "```submit```"], {
      respond: (a) => (a === "false" ? { output: "", exitCode: 1 } : { output: "a.txt\nb.txt" }),
    });
    expect(session.typed).toEqual(["ls", "false", "submit"]);
    expect(session.submitVia).toBe("typed");
    const last = fake.requests[2].messages;
    expect(last.map((m) => m.role)).toEqual(["system", "user", "assistant", "user", "assistant", "user"]);
    expect(last[2].content).toBe(bash("ls"));
    expect(last[3].content).toBe("Output:\na.txt\nb.txt");
    expect(last[5].content).toBe("Output:\n(no output)\nExit code: 1");
    expect(out.turns).toBe(2);
    expect(out.forcedSubmit).toBe(false);
  });

  it("keeps only the history window and truncates long observations", async () => {
    const replies = ["a", "b", "c", "d"].map((x) => bash(`echo ${x}`));
    const { fake } = await play("try-again", [...replies, "```submit```"], {
      prompt: { historyWindow: 2, maxObservationChars: 10 },
      respond: (a) => ({ output: `${a}:${"x".repeat(50)}` }),
    });
    const fifth = fake.requests[4].messages;
    // system + query + the 2 most recent turns (assistant, user) — turns c and d
    expect(fifth).toHaveLength(6);
    expect(fifth[2].content).toBe(bash("echo c"));
    expect(fifth[4].content).toBe(bash("echo d"));
    expect(fifth[5].content).toBe("Output:\necho d:xxx\n[… 47 more characters not shown]");
  });

  it("ends at the turn limit with a forced submit", async () => {
    const { out, session, fake } = await play(
      "try-again",
      Array.from({ length: 5 }, (_, i) => bash(`echo ${i}`)),
      { turnLimit: 3 },
    );
    expect(session.typed).toEqual(["echo 0", "echo 1", "echo 2"]);
    expect(fake.requests).toHaveLength(3);
    expect(out.forcedSubmit).toBe(true);
    expect(session.submitVia).toBe("button");
    expect(out.result.status).toBe("submitted");
  });

  it("turns a reply without a code block into a lost turn with a retry message", async () => {
    const { out, session, fake } = await play("try-again", ["I think ls would do.", bash("ls"), "```submit```"]);
    expect(session.typed).toEqual(["ls", "submit"]);
    expect(out.failures).toEqual([{ turn: 1, reason: "no code block in the reply" }]);
    const second = fake.requests[1].messages;
    expect(second[2]).toEqual({ role: "assistant", content: "I think ls would do." });
    expect(second[3].content).toMatch(/^Your last reply had no command to run \(no code block in the reply\)/);
    expect(out.turns).toBe(2);
  });

  it("gives the episode up after too many turns in a row without an action", async () => {
    const { out, session } = await play("try-again", ["no", "still no", "nope", bash("ls")], {
      prompt: { maxConsecutiveErrors: 3 },
    });
    expect(session.typed).toEqual([]);
    expect(out.result.status).toBe("error");
    expect(out.result.error).toBe("3 turns in a row without an action; last: no code block in the reply");
    expect(out.failures).toHaveLength(3);
  });

  it("counts lost turns against the turn limit", async () => {
    const { out, session } = await play("try-again", ["no", bash("ls"), "no", bash("pwd")], { turnLimit: 3 });
    expect(session.typed).toEqual(["ls"]);
    expect(out.turns).toBe(3);
    expect(out.forcedSubmit).toBe(true);
  });

  it("retries a garbled answer within its limit and goes on", async () => {
    const { out, session } = await play(
      "try-again",
      [{ status: 502, body: "bad gateway" }, { content: "" }, bash("ls"), "```submit```"],
      { llm: { retries: 2 } },
    );
    expect(session.typed).toEqual(["ls", "submit"]);
    expect(out.failures).toEqual([]);
  });

  it("loses the turn when the endpoint is slow past its retries, and goes on", async () => {
    const { out, session } = await play("try-again", [{ hang: true }, { hang: true }, bash("ls"), "```submit```"], {
      llm: { retries: 1, timeoutMs: 150 },
    });
    expect(session.typed).toEqual(["ls", "submit"]);
    expect(out.failures).toHaveLength(1);
    expect(out.failures[0].reason).toMatch(/^model error: no answer from .* within 150 ms \(2 attempts\)$/);
  });

  it("ends the episode as an error when the endpoint is down", async () => {
    fake = await startFakeChatServer();
    const url = fake.url;
    await fake.close();
    fake = null;
    const config = PolicyConfig.parse({
      policy: "try-again",
      llm: { endpoint: "fake", baseUrl: url, model: "m", retries: 1, retryDelayMs: 0 },
    });
    const session = new FakeSession();
    const out = await playEpisode({
      session,
      policy: createPolicy(config, { apiKey: null, timeoutSeconds: 10 }),
      task,
      turnLimit: 10,
      actionTimeoutMs: 1000,
      maxConsecutiveErrors: 3,
    });
    expect(out.result.status).toBe("error");
    expect(out.result.error).toMatch(
      /^model error: cannot reach http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: ECONNREFUSED \(2 attempts\)$/,
    );
    expect(session.typed).toEqual([]);
  });

  it("refuses a huge reply as an error turn", async () => {
    const { out } = await play("try-again", [{ content: "y".repeat(50_000) }, "```submit```"], {
      llm: { maxReplyChars: 10_000 },
    });
    expect(out.failures[0].reason).toContain("too long (50000 characters, limit 10000)");
  });
});

describe("ReAct", () => {
  it("stores each thought on its step, sends a stop sequence and shows observations", async () => {
    const { session, notes, fake } = await play(
      "react",
      [
        "Thought: look first\nAction: execute[ls /testbed]",
        "Thought: count them\nAction: execute[find /testbed -type f | wc -l]\nObservation: 12",
        "Thought: that answers it\nAction: submit",
      ],
      { respond: (a) => ({ output: a.startsWith("ls") ? "dir1 dir2" : "12" }) },
    );
    expect(session.typed).toEqual(["ls /testbed", "find /testbed -type f | wc -l", "submit"]);
    expect([...notes.entries()]).toEqual([
      [0, { thought: "look first", plan: null }],
      [1, { thought: "count them", plan: null }],
      [2, { thought: "that answers it", plan: null }],
    ]);
    expect(fake.requests[0].stop).toEqual(["\nObservation"]);
    const third = fake.requests[2].messages;
    expect(third[2].content).toBe("Thought: look first\nAction: execute[ls /testbed]");
    expect(third[3].content).toBe("Observation: dir1 dir2");
  });

  it("truncates observations to 350 characters by default", async () => {
    const { fake } = await play("react", ["Thought: a\nAction: execute[cat big]", "Thought: b\nAction: submit"], {
      respond: () => ({ output: "z".repeat(1000) }),
    });
    expect(fake.requests[1].messages[3].content).toBe(`Observation: ${"z".repeat(350)}\n[… 650 more characters not shown]`);
  });

  it("submits at the turn limit", async () => {
    const { out, session } = await play(
      "react",
      Array.from({ length: 4 }, (_, i) => `Thought: t${i}\nAction: execute[echo ${i}]`),
      { turnLimit: 2 },
    );
    expect(session.typed).toEqual(["echo 0", "echo 1"]);
    expect(out.forcedSubmit).toBe(true);
  });
});

describe("Plan & Solve", () => {
  it("plans once, runs one command per step, stores the plan, then submits", async () => {
    const { out, session, notes, fake } = await play("plan-solve", [
      "1. List the files.\n2. Count them.",
      bash("find /testbed -type f"),
      bash("find /testbed -type f | wc -l"),
    ]);
    expect(session.typed).toEqual(["find /testbed -type f", "find /testbed -type f | wc -l", "submit"]);
    expect(notes.get(0)).toEqual({ plan: "List the files.", thought: "Plan:\n1. List the files.\n2. Count them." });
    expect(notes.get(1)).toEqual({ plan: "Count them.", thought: null });
    expect(fake.requests).toHaveLength(3);
    const first = fake.requests[1].messages;
    expect(first.map((m) => m.role)).toEqual(["system", "user", "assistant", "system", "user"]);
    expect(first[4].content).toBe("Step: List the files.");
    const second = fake.requests[2].messages;
    expect(second.map((m) => m.role)).toEqual(["system", "user", "assistant", "system", "user", "assistant", "user"]);
    expect(second[4].content).toBe("Step: List the files.");
    expect(second[5].content).toBe(bash("find /testbed -type f"));
    expect(second[6].content).toBe("Output:\nran find /testbed -type f\nStep: Count them.");
    expect(out.forcedSubmit).toBe(false);
  });

  it("asks for the plan again when it has no numbered steps", async () => {
    const { out, session, notes } = await play("plan-solve", ["I'll figure it out.", "1. Count the files.", bash("ls | wc -l")]);
    expect(out.failures).toEqual([{ turn: 1, reason: "the plan has no numbered steps" }]);
    expect(session.typed).toEqual(["ls | wc -l", "submit"]);
    expect(notes.get(0)?.plan).toBe("Count the files.");
  });

  it("stops at the turn limit even with steps left", async () => {
    const { out, session } = await play("plan-solve", ["1. a\n2. b\n3. c", bash("echo a"), bash("echo b")], { turnLimit: 2 });
    expect(session.typed).toEqual(["echo a", "echo b"]);
    expect(out.forcedSubmit).toBe(true);
  });
});
