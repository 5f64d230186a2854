// Python through the live session and the session API (PostgreSQL, a real sandbox: docker, or the
// local driver with PLATEAU_SANDBOX=local): the console's steps and results are stored, both
// scorings are stored at submit, and no answer of the API holds a private test.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlateau, type TestPlateau } from "../../runtime/testing";
import { closeTestPlateau } from "../../agents/testing/closeTestPlateau";
import { ApiEpisodes } from "../../agents/api/ApiEpisodes";
import { createEpisode, CreateEpisodeBody, getEpisode, stepEpisode, type ApiDeps } from "../../agents/api/episodesApi";
import { mbppTask } from "./mbppTask";
import { getEpisodeForReplay, replayAsSeenBy } from "../../episodes/getEpisodeForReplay";
import { listReplaySteps } from "../../episodes/listReplaySteps";
import { AgentRunner } from "../../agents/runs/AgentRunner";
import { startFakeChatServer } from "../../agents/testing/FakeChatServer";
import { createDockerDriver } from "../../sandbox/docker";
import { createLocalDriver } from "../../sandbox/local";

let p: TestPlateau;
let d: ApiDeps;
type Body = { episodeId: string; observation: string; reward: number | null; done: boolean; info: Record<string, unknown> };

beforeAll(async () => {
  p = await startTestPlateau(process.env.PLATEAU_SANDBOX === "local" ? "local" : "docker");
  d = { prisma: p.db.prisma, sessions: p.sessions, episodes: new ApiEpisodes() };
}, 600_000);
afterAll(async () => {
  await closeTestPlateau(p);
});

describe("Python through the session API", () => {
  it("steps through the console, tests, submits: intercode and mucode stored, no private test in any answer", async () => {
    const owner = { userId: p.researcherId, role: "researcher" as const };
    const created = await createEpisode(d, "tok-py", CreateEpisodeBody.parse({ task: "mbpp:1", env: "python" }), owner);
    expect(created.status).toBe(201);
    const id = (created.body as Body).episodeId;
    const row = await p.db.prisma.task.findUniqueOrThrow({ where: { dataset_index: { dataset: "mbpp", index: 1 } } });
    const task = mbppTask(row);
    const answers: unknown[] = [created.body];
    const step = async (action: string) => {
      const a = await stepEpisode(d, "tok-py", id, action);
      answers.push(a.body);
      return a.body as Body;
    };
    expect((await step("def similar_elements(a, b):\n    return (4, 5)")).observation).toBe("{'output': '', 'error': ''}");
    const tested = await step("test");
    expect(tested.observation).toContain("1/1 public tests passed");
    expect(tested.info).toMatchObject({ exitCode: 0, admissible: true });
    const wrong = await step("similar_elements((1, 2), (3, 4))");
    expect(wrong.observation).toBe("{'output': '(4, 5)', 'error': ''}");
    await step("def similar_elements(a, b):\n\n    return tuple(set(a) & set(b))");
    const done = await step("submit similar_elements");
    expect(done).toMatchObject({ done: true, info: { status: "submitted", rewards: { intercode: 1, plateau: 1, mucode: 0 } } });
    answers.push((await getEpisode(d, "tok-py", id)).body);

    const scores = await p.db.prisma.score.findMany({ where: { episodeId: id }, orderBy: { mode: "asc" } });
    expect(scores.map((s) => [s.mode, s.reward, s.success])).toEqual([
      ["intercode", 1, true],
      ["mucode", 0, false],
      ["plateau", 1, true],
    ]);
    const steps = await p.db.prisma.step.findMany({ where: { episodeId: id }, orderBy: { index: "asc" } });
    expect(steps[1].result).toMatchObject({ kind: "test", passed: 1, total: 1 });
    for (const t of task.privateTests) {
      expect(JSON.stringify(answers)).not.toContain(t);
      expect(JSON.stringify(scores)).not.toContain(t);
      expect(JSON.stringify(steps)).not.toContain(t);
    }
  }, 300_000);

  it("a private test's result is never told: not in the API's answers, the stored scores, nor a participant's replay", async () => {
    const owner = { userId: p.researcherId, role: "researcher" as const };
    const created = await createEpisode(d, "tok-py", CreateEpisodeBody.parse({ task: "mbpp:1", env: "python" }), owner);
    const id = (created.body as Body).episodeId;
    const task = mbppTask(await p.db.prisma.task.findUniqueOrThrow({ where: { dataset_index: { dataset: "mbpp", index: 1 } } }));
    // passes the public test; on any other input its error names the input, i.e. a private test's
    const hinting =
      "def similar_elements(a, b):\n    if a == (3, 4, 5, 6):\n        return (4, 5)\n    raise ValueError(f'hidden input {a!r} {b!r}')";
    const answers: unknown[] = [created.body];
    for (const action of [hinting, "test", "submit"]) answers.push((await stepEpisode(d, "tok-py", id, action)).body);
    answers.push((await getEpisode(d, "tok-py", id)).body);
    expect(answers[2]).toMatchObject({ observation: expect.stringContaining("1/1 public tests passed") });
    expect(answers[3]).toMatchObject({
      done: true,
      info: {
        rewards: { intercode: 1 / 3, mucode: 0 },
        breakdown: { matching: 1, total: 3, differing: [], privateDiffering: 2 },
      },
    });

    const scores = await p.db.prisma.score.findMany({ where: { episodeId: id } });
    const participant = { userId: "someone", email: "p@test.example", name: "p", role: "participant" as const, tokenId: null };
    const replay = replayAsSeenBy(participant, (await getEpisodeForReplay(p.db.prisma, id))!, null);
    expect(replay.scores.map((s) => s.reward).sort()).toEqual([0, 1 / 3, 1 / 3]);
    const seen = JSON.stringify([answers, scores, replay, await listReplaySteps(p.db.prisma, id)]);
    const privateInputs = task.privateTests.map((t) => /similar_elements\((\([^)]*\)), ?(\([^)]*\))\)/.exec(t)!.slice(1)).flat();
    expect(privateInputs).toEqual(["(1, 2, 3, 4)", "(5, 4, 3, 7)", "(11, 12, 14, 13)", "(17, 15, 14, 13)"]);
    for (const input of privateInputs) expect(seen).not.toContain(input);
    for (const t of task.privateTests) expect(seen).not.toContain(t);
  }, 300_000);
});

const scratchDriver = () => (process.env.PLATEAU_SANDBOX === "local" ? createLocalDriver() : createDockerDriver());

async function waitFor(runner: AgentRunner, runId: string, ms = 300_000): Promise<void> {
  for (const t0 = Date.now(); runner.isActive(runId); await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() - t0 > ms) throw new Error(`run ${runId} did not finish in ${ms} ms`);
  }
}

describe("Python batch runs", () => {
  it("the gold policy solves mbpp:0-2 in both scorings", async () => {
    const runner = new AgentRunner({ prisma: p.db.prisma, sessions: p.sessions, env: {} });
    const { runId } = await runner.create({ env: "python", policy: "gold", tasks: "mbpp:0-2", turnLimit: 3 });
    await waitFor(runner, runId);
    const scores = await p.db.prisma.score.findMany({ where: { episode: { runId } }, select: { mode: true, success: true } });
    expect(scores.filter((s) => s.mode === "intercode").map((s) => s.success)).toEqual([true, true, true]);
    expect(scores.filter((s) => s.mode === "mucode").map((s) => s.success)).toEqual([true, true, true]);
  }, 300_000);

  it("best-of-n stores every candidate and the choice on the step it executed", async () => {
    const py = (code: string) => "```python\n" + code + "\n```";
    const fake = await startFakeChatServer([
      py("def similar_elements(a, b):\n    return ()"),
      py("def similar_elements(a, b):\n    return tuple(set(a) & set(b))"),
    ]);
    try {
      const env = { PLATEAU_LLM_ENDPOINTS: JSON.stringify([{ name: "fake", baseUrl: fake.url }]) };
      const runner = new AgentRunner({
        prisma: p.db.prisma,
        sessions: p.sessions,
        env,
        takeSandbox: (image) => scratchDriver().create({ image }),
      });
      const { runId } = await runner.create({
        env: "python",
        policy: "best-of-n",
        n: 2,
        model: "fake-model",
        llm: { endpoint: "fake", retryDelayMs: 0 },
        tasks: "mbpp:1",
        turnLimit: 3,
      });
      await waitFor(runner, runId);
      const ep = await p.db.prisma.episode.findFirstOrThrow({
        where: { runId },
        include: { steps: { orderBy: { index: "asc" } }, scores: true },
      });
      expect(ep.steps.map((s) => s.action)).toEqual(["def similar_elements(a, b):\n    return tuple(set(a) & set(b))", "submit"]);
      expect(ep.steps[0].search).toMatchObject({
        n: 2,
        chosen: 1,
        candidates: [{ tests: { passed: 0, total: 1 } }, { tests: { passed: 1, total: 1 } }],
      });
      expect(ep.scores.find((s) => s.mode === "mucode")?.success).toBe(true);
    } finally {
      await fake.close();
    }
  }, 300_000);
});
