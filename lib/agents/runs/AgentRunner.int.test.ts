import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlateau, type TestPlateau } from "../../runtime/testing";
import { closeTestPlateau } from "../testing/closeTestPlateau";
import { startFakeChatServer, type FakeChatServer } from "../testing/FakeChatServer";
import { AgentRunner, RunInputError } from "./AgentRunner";
import type { RunProgress } from "./protocol";
import { listRuns } from "../../stats/listRuns";
import { createRunLocks } from "./runLocks";

// Batch runs on real sandboxes (docker) and a real PostgreSQL: the gold policy solves its tasks,
// LLM strategies (against a FAKE OpenAI-compatible server) store thoughts and plans on the steps,
// one episode's failure does not stop the run, and a run stopped with the server resumes. The fake
// is a server-side endpoint ("fake", keyed by FAKE_KEY), configured as an operator would, by env.

let p: TestPlateau;
let fake: FakeChatServer;
let env: Record<string, string>;
const events: Array<{ room: string; event: string; payload: RunProgress }> = [];
const io = {
  to: (room: string) => ({
    emit: (event: string, payload: unknown) => events.push({ room, event, payload: payload as RunProgress }),
  }),
};

beforeAll(async () => {
  p = await startTestPlateau("docker");
  fake = await startFakeChatServer();
  env = {
    PLATEAU_LLM_ENDPOINTS: JSON.stringify([{ name: "fake", baseUrl: fake.url, apiKeyEnv: "FAKE_KEY" }]),
    FAKE_KEY: "sk-fake-test",
  };
});
afterAll(async () => {
  await fake?.close();
  await closeTestPlateau(p);
});

async function waitFor(runner: AgentRunner, runId: string, ms = 120_000): Promise<void> {
  const t0 = Date.now();
  while (runner.isActive(runId)) {
    if (Date.now() - t0 > ms) throw new Error(`run ${runId} did not finish in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The most spans [start, end] that hold at one instant. */
function maxOverlap(spans: Array<[number, number]>): number {
  return Math.max(...spans.map(([t]) => spans.filter(([s, e]) => s <= t && t < e).length));
}

describe("agent runs", () => {
  it("plays the gold policy over tasks with a concurrency limit and scores them all 1", async () => {
    const runner = new AgentRunner({ prisma: p.db.prisma, sessions: p.sessions, io });
    const { runId, total } = await runner.create({ policy: "gold", tasks: "fs1:0-1,fs1:4-5", turnLimit: 5, concurrency: 2 });
    expect(total).toBe(4);
    await waitFor(runner, runId);
    const run = await p.db.prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run).toMatchObject({
      kind: "agent",
      status: "done",
      strategy: "gold",
      model: null,
      turnLimit: 5,
      environment: "bash",
    });
    expect(run.finishedAt).not.toBeNull();
    const eps = await p.db.prisma.episode.findMany({
      where: { runId },
      include: { steps: { orderBy: { index: "asc" } }, scores: true, task: true },
    });
    expect(eps).toHaveLength(4);
    for (const e of eps) {
      expect(e.status).toBe("submitted");
      expect(e.playerKind).toBe("agent");
      expect(e.strategy).toBe("gold");
      expect(e.steps.map((s) => s.action)).toEqual([e.task.gold, "submit"]);
      expect(e.scores.find((s) => s.mode === "plateau")?.success).toBe(true);
      expect(await p.db.prisma.terminalEvent.count({ where: { episodeId: e.id } })).toBeGreaterThan(2);
    }
    const last = events.filter((e) => e.room === `run:${runId}`).at(-1)!.payload;
    expect(last).toMatchObject({ runId, status: "done", total: 4, done: 4, succeeded: 4, errors: 0, running: [] });
    expect(events.some((e) => e.room === "runs" && e.payload.runId === runId)).toBe(true);
    // At most two episodes at once, and two did play at once: their spans in the database overlap.
    const maxRunning = Math.max(...events.filter((e) => e.payload.runId === runId).map((e) => e.payload.running.length));
    expect(maxRunning).toBeLessThanOrEqual(2);
    expect(maxOverlap(eps.map((e) => [e.startedAt.getTime(), e.endedAt!.getTime()]))).toBe(2);
  });

  it("plays a run in intercode execution: stored on the run and its episodes, the gold reproducing itself also where its quotes are stripped", async () => {
    const runner = new AgentRunner({ prisma: p.db.prisma, sessions: p.sessions, io });
    // fs1:25 and test:2 are golds whose meaning docker-py's split changes; fs1:2 reads standard input.
    const { runId } = await runner.create({
      policy: "gold",
      tasks: "fs1:2,fs1:25,test:2",
      turnLimit: 3,
      concurrency: 1,
      execution: "intercode",
    });
    await waitFor(runner, runId);
    const run = await p.db.prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run.config).toMatchObject({ execution: "intercode" });
    expect((await listRuns(p.db.prisma)).find((r) => r.id === runId)).toMatchObject({ execution: "intercode" });
    const eps = await p.db.prisma.episode.findMany({ where: { runId }, include: { scores: true } });
    expect(eps.map((e) => e.execution)).toEqual(["intercode", "intercode", "intercode"]);
    for (const e of eps) expect(e.scores.find((s) => s.mode === "intercode")).toMatchObject({ reward: 1, success: true });
  });

  it("stores ReAct thoughts and Plan & Solve plans on the steps", async () => {
    const runner = new AgentRunner({ prisma: p.db.prisma, sessions: p.sessions, env });
    const asked = fake.requests.length;
    fake.script = ["Thought: see what is there\nAction: execute[ls /testbed]", "Thought: enough\nAction: submit"];
    const react = await runner.create({
      policy: "react",
      model: "fake-model",
      llm: { endpoint: "fake", retryDelayMs: 0 },
      tasks: "fs1:0",
      turnLimit: 3,
    });
    await waitFor(runner, react.runId);
    const ep = await p.db.prisma.episode.findFirstOrThrow({
      where: { runId: react.runId },
      include: { steps: { orderBy: { index: "asc" } } },
    });
    expect(ep).toMatchObject({ status: "submitted", model: "fake-model", strategy: "react" });
    expect(ep.steps.map((s) => [s.action, s.thought])).toEqual([
      ["ls /testbed", "see what is there"],
      ["submit", "enough"],
    ]);
    expect(ep.steps[0].observation).toContain("dir1");
    // The key went to the configured endpoint; the run keeps the endpoint's name and address, not the key.
    expect(fake.requests.slice(asked).map((r) => r.authorization)).toEqual(["Bearer sk-fake-test", "Bearer sk-fake-test"]);
    const stored = await p.db.prisma.run.findUniqueOrThrow({ where: { id: react.runId } });
    expect(stored.config).toMatchObject({ policy: { llm: { endpoint: "fake", baseUrl: fake.url } } });
    expect(JSON.stringify(stored.config)).not.toContain("sk-fake-test");

    fake.script = [
      "1. List the folder.\n2. Count its entries.",
      "```bash\nls /testbed\n```",
      "```bash\nls /testbed | wc -l\n```",
    ];
    const ps = await runner.create({
      policy: "plan-solve",
      model: "fake-model",
      llm: { endpoint: "fake", retryDelayMs: 0 },
      tasks: "fs1:1",
      turnLimit: 5,
    });
    await waitFor(runner, ps.runId);
    const ep2 = await p.db.prisma.episode.findFirstOrThrow({
      where: { runId: ps.runId },
      include: { steps: { orderBy: { index: "asc" } } },
    });
    expect(ep2.steps.map((s) => [s.action, s.plan])).toEqual([
      ["ls /testbed", "List the folder."],
      ["ls /testbed | wc -l", "Count its entries."],
      ["submit", null],
    ]);
    expect(ep2.steps[0].thought).toBe("Plan:\n1. List the folder.\n2. Count its entries.");
  });

  it("records a failing episode and goes on with the run", async () => {
    const runner = new AgentRunner({ prisma: p.db.prisma, sessions: p.sessions, env });
    // First episode: the endpoint refuses (401: not retried, the episode ends as an error).
    // Second: a reply with no code block costs a turn, then the model acts and submits.
    fake.script = [
      { status: 401, body: '{"error":{"message":"bad key"}}' },
      "I would use ls.",
      "```bash\necho hi\n```",
      "```submit```",
    ];
    const { runId } = await runner.create({
      policy: "try-again",
      model: "fake-model",
      llm: { endpoint: "fake", retryDelayMs: 0 },
      tasks: "fs1:0-1",
      turnLimit: 4,
      concurrency: 1,
    });
    await waitFor(runner, runId);
    const eps = await p.db.prisma.episode.findMany({
      where: { runId },
      orderBy: { startedAt: "asc" },
      include: { steps: { orderBy: { index: "asc" } } },
    });
    expect(eps.map((e) => e.status)).toEqual(["error", "submitted"]);
    expect(eps[0].error).toMatch(/^model error: .*answered 401/);
    expect(eps[1].error).toBe("1 turn(s) without an action: turn 1: no code block in the reply");
    expect(eps[1].steps.map((s) => s.action)).toEqual(["echo hi", "submit"]);
    expect(await runner.progress(runId)).toMatchObject({ status: "done", done: 2, errors: 1 });
  });

  it("refuses bad input with a message", async () => {
    const runner = new AgentRunner({ prisma: p.db.prisma, sessions: p.sessions, env: {} });
    await expect(runner.create({ policy: "gold", tasks: "fs9" })).rejects.toThrow(/no bash tasks match "fs9"/);
    await expect(runner.create({ policy: "try-again", tasks: "fs1", model: "m" })).rejects.toThrow(
      /^llm\.endpoint: no LLM endpoint is configured on this server/,
    );
    await expect(
      new AgentRunner({ prisma: p.db.prisma, sessions: p.sessions, env }).create({
        policy: "try-again",
        tasks: "fs1",
        model: "m",
        llm: { endpoint: "nope" },
      }),
    ).rejects.toThrow('llm.endpoint: no LLM endpoint named "nope" is configured; configured: fake');
    await expect(runner.create({ policy: "gold", tasks: "fs1", concurrency: 0 })).rejects.toThrow(RunInputError);
    await expect(runner.create({ policy: "scripted", tasks: "fs1", actions: [] })).rejects.toThrow(/at least one action/);
    await expect(runner.create({ policy: "gold", tasks: "fs1", bogus: 1 })).rejects.toThrow(/Unrecognized key/);
  });

  it("never sends the server's key to an address a request gives: such a request is refused and nothing reaches it", async () => {
    let hits = 0;
    const trap = createServer((_req, res) => {
      hits += 1;
      res.writeHead(500).end();
    });
    await new Promise<void>((r) => trap.listen(0, "127.0.0.1", r));
    try {
      const trapUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}/v1`;
      const runner = new AgentRunner({
        prisma: p.db.prisma,
        sessions: p.sessions,
        env: { ...env, PLATEAU_LLM_BASE_URL: fake.url, PLATEAU_LLM_API_KEY: "sk-server" },
      });
      const runsBefore = await p.db.prisma.run.count();
      for (const llm of [{ baseUrl: trapUrl }, { endpoint: "fake", baseUrl: trapUrl }]) {
        const refused = runner.create({ policy: "try-again", model: "m", tasks: "fs1:0", llm });
        await expect(refused).rejects.toMatchObject({
          status: 400,
          message: expect.stringMatching(/^llm: baseUrl is not accepted: name one of the server's configured endpoints/),
        });
      }
      await new Promise((r) => setTimeout(r, 300));
      expect(hits).toBe(0);
      expect(await p.db.prisma.run.count()).toBe(runsBefore);
    } finally {
      await new Promise((r) => trap.close(r));
    }
  });

  it("fails a run whose endpoint is no longer configured when it resumes, saying so", async () => {
    const first = new AgentRunner({ prisma: p.db.prisma, sessions: p.sessions, env });
    const { runId } = await first.create({
      policy: "try-again",
      model: "fake-model",
      llm: { endpoint: "fake", retryDelayMs: 0 },
      tasks: "fs1:0",
      turnLimit: 2,
    });
    first.stop(); // before it plays anything: left running, as after a restart
    await first.drain();
    const asked = fake.requests.length;
    const second = new AgentRunner({ prisma: p.db.prisma, sessions: p.sessions, env: { PLATEAU_LLM_BASE_URL: fake.url } });
    await second.resumeAll();
    await waitFor(second, runId);
    const run = await p.db.prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run.status).toBe("failed");
    expect((run.config as { failure?: string }).failure).toBe(
      'the run\'s LLM endpoint: no LLM endpoint named "fake" is configured; configured: default',
    );
    expect(fake.requests.length).toBe(asked);
  });

  it("a run whose server went away is played by another server the next time it looks, and said once while it waits", async () => {
    const stopped = new AgentRunner({ prisma: p.db.prisma, sessions: p.sessions });
    stopped.stop();
    const { runId } = await stopped.create({
      policy: "scripted",
      actions: ["echo one"],
      tasks: "fs4:6-7",
      turnLimit: 3,
      concurrency: 1,
    });
    const away = createRunLocks(p.db.url, { log: () => {} }); // the server playing it
    const locks = createRunLocks(p.db.url, { log: () => {} });
    const logs: string[] = [];
    const runner = new AgentRunner({ prisma: p.db.prisma, sessions: p.sessions, locks, log: (m) => logs.push(m) });
    const episodes = () => p.db.prisma.episode.findMany({ where: { runId }, select: { status: true } });
    try {
      expect(await away.tryLock(runId)).toBe(true);
      for (let look = 0; look < 2; look++) {
        await runner.resumeAll();
        await waitFor(runner, runId);
      }
      expect(await episodes()).toEqual([]);
      expect(logs.filter((m) => m.includes(runId))).toHaveLength(2); // "resuming" and "left to it", once each
      await away.close(); // that server is gone
      await runner.resumeAll();
      const status = () =>
        p.db.prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true } }).then((r) => r.status);
      const t0 = Date.now();
      while ((await status()) === "running" && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 250));
      expect(await status()).toBe("done");
      expect((await episodes()).map((e) => e.status)).toEqual(["submitted", "submitted"]);
    } finally {
      await away.close();
      await locks.close();
    }
  }, 120_000);

  it("resumes a run stopped with the server: only tasks without a finished episode are played again", async () => {
    const first = new AgentRunner({ prisma: p.db.prisma, sessions: p.sessions });
    const { runId } = await first.create({
      policy: "scripted",
      actions: ["sleep 0.5; echo one", "echo two"],
      tasks: "fs4:0-5",
      turnLimit: 5,
      concurrency: 2,
    });
    // Let a couple of episodes finish, then stop the way the server does: the runner, then the sessions.
    const t0 = Date.now();
    while ((await first.progress(runId))!.done < 2 && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 100));
    first.stop();
    await p.sessions.shutdown();
    await first.drain();
    const mid = await p.db.prisma.episode.groupBy({ by: ["status"], where: { runId }, _count: { _all: true } });
    expect((await p.db.prisma.run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("running");
    const finishedBefore = mid.filter((m) => m.status === "submitted").reduce((s, m) => s + m._count._all, 0);
    expect(finishedBefore).toBeGreaterThanOrEqual(2);
    expect(finishedBefore).toBeLessThan(6);

    // The next start: a new live half on the same database, whose agent-runs service resumes the run by itself.
    const restarted = await startTestPlateau("docker", p.db);
    try {
      const t1 = Date.now();
      const status = () =>
        p.db.prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true } }).then((r) => r.status);
      while ((await status()) === "running" && Date.now() - t1 < 180_000) await new Promise((r) => setTimeout(r, 250));
      expect(await new AgentRunner({ prisma: p.db.prisma, sessions: restarted.sessions }).progress(runId)).toMatchObject({
        status: "done",
        done: 6,
        total: 6,
      });
    } finally {
      await closeTestPlateau(restarted);
    }
    const eps = await p.db.prisma.episode.findMany({ where: { runId }, select: { taskId: true, status: true } });
    const submitted = eps.filter((e) => e.status === "submitted");
    expect(new Set(submitted.map((e) => e.taskId)).size).toBe(6);
    expect(submitted).toHaveLength(6); // no task was played twice to the end
    expect(eps.filter((e) => e.status === "interrupted").length).toBe(eps.length - 6);
  }, 240_000); // two runs and a restart of the live half (its warm pools fill again)

  it("two servers on one database: a run left running is resumed by one of them only, each task played once", async () => {
    const stopped = new AgentRunner({ prisma: p.db.prisma, sessions: p.sessions });
    stopped.stop(); // as a server that stopped right after storing the run: left running, no episode yet
    const { runId } = await stopped.create({
      policy: "scripted",
      actions: ["sleep 1; echo one", "echo two"],
      tasks: "fs4:6-9",
      turnLimit: 5,
      concurrency: 1,
    });
    const [a, b] = await Promise.all([startTestPlateau("docker", p.db), startTestPlateau("docker", p.db)]);
    try {
      const t0 = Date.now();
      const status = () =>
        p.db.prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true } }).then((r) => r.status);
      while ((await status()) === "running" && Date.now() - t0 < 120_000) await new Promise((r) => setTimeout(r, 250));
      expect(await status()).toBe("done");
    } finally {
      await Promise.all([closeTestPlateau(a), closeTestPlateau(b)]);
    }
    const eps = await p.db.prisma.episode.findMany({ where: { runId }, select: { taskId: true, status: true } });
    expect(eps.map((e) => e.status)).toEqual(["submitted", "submitted", "submitted", "submitted"]);
    expect(new Set(eps.map((e) => e.taskId)).size).toBe(4);
  }, 240_000);
});
