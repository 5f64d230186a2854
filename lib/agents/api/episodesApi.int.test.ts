import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlateau, type TestPlateau } from "../../runtime/testing";
import { closeTestPlateau } from "../testing/closeTestPlateau";
import { ApiEpisodes } from "./ApiEpisodes";
import {
  closeEpisode,
  createEpisode,
  CreateEpisodeBody,
  getEpisode,
  stepEpisode,
  StepBody,
  submitEpisode,
  type ApiDeps,
} from "./episodesApi";

// The session API's handlers on a real docker sandbox and PostgreSQL: reset → step → submit,
// the turn limit, the per-action timeout, ownership by token, close, and input that cannot run.

let p: TestPlateau;
let d: ApiDeps;
type Body = {
  episodeId: string;
  observation: string;
  reward: number | null;
  done: boolean;
  info: Record<string, unknown>;
  error?: string;
  status?: string;
};

beforeAll(async () => {
  p = await startTestPlateau("docker");
  d = { prisma: p.db.prisma, sessions: p.sessions, episodes: new ApiEpisodes() };
});
afterAll(async () => {
  await closeTestPlateau(p);
});

async function open(task: unknown, extra: Record<string, unknown> = {}, token = "tok-a") {
  const a = await createEpisode(d, token, CreateEpisodeBody.parse({ task, ...extra }), owner());
  expect(a.status).toBe(201);
  return a.body as Body;
}
const owner = () => ({ userId: p.researcherId, role: "researcher" as const });
const step = async (id: string, action: string, token = "tok-a") => {
  const a = await stepEpisode(d, token, id, action);
  return { status: a.status, ...(a.body as Body) };
};

describe("session API", () => {
  it("resets to the query, steps through the terminal and submits with a reward", async () => {
    const created = await open("fs1:1", { model: "my-agent", strategy: "mine" });
    const task = await p.db.prisma.task.findUniqueOrThrow({ where: { dataset_index: { dataset: "nl2bash_fs_1", index: 1 } } });
    expect(created.observation).toBe(task.query);
    expect(created.info).toMatchObject({
      taskId: task.id,
      dataset: "nl2bash_fs_1",
      index: 1,
      turn: 0,
      turnLimit: 10,
      timeoutMs: 10000,
      watchUrl: `/play/${task.id}?episode=${created.episodeId}`,
    });

    const cd = await step(created.episodeId, "cd /testbed/dir2");
    expect(cd).toMatchObject({
      status: 200,
      observation: "",
      reward: null,
      done: false,
      info: { turn: 1, exitCode: 0, admissible: true, timedOut: false },
    });
    const bad = await step(created.episodeId, "ls nothing-here");
    expect(bad.info).toMatchObject({ turn: 2, exitCode: 2, admissible: false });
    expect(bad.observation).toMatch(/No such file or directory/);
    const gold = await step(created.episodeId, task.gold);
    expect(gold.observation).toMatch(/^[0-9a-f]{32}\s+-\n$/);
    const done = await step(created.episodeId, "submit");
    expect(done).toMatchObject({
      done: true,
      reward: 1,
      info: { status: "submitted", success: true, rewards: { intercode: 1, plateau: 1 } },
    });

    const ep = await p.db.prisma.episode.findUniqueOrThrow({
      where: { id: created.episodeId },
      include: { steps: { orderBy: { index: "asc" } } },
    });
    expect(ep).toMatchObject({
      playerKind: "agent",
      model: "my-agent",
      strategy: "mine",
      status: "submitted",
      turns: 3,
      turnLimit: 10,
      driver: "docker",
    });
    expect(ep.steps.map((s) => s.action)).toEqual(["cd /testbed/dir2", "ls nothing-here", task.gold, "submit"]);
    expect(ep.steps.at(-1)?.reward).toBe(1);
    expect((await getEpisode(d, "tok-a", created.episodeId)).body).toMatchObject({
      status: "submitted",
      live: false,
      reward: 1,
      success: true,
    });
    // The episode is over: more steps are refused.
    expect(await step(created.episodeId, "ls")).toMatchObject({ status: 409, error: "the episode is submitted" });
  });

  it("runs an action with ! as InterCode's bash -c did: no history expansion, no step left hanging", async () => {
    const created = await open("fs1:0");
    const bang = await step(created.episodeId, 'echo "a!b" !nohist; echo !!');
    expect(bang).toMatchObject({
      status: 200,
      observation: "a!b !nohist\n!!\n",
      info: { turn: 1, exitCode: 0, timedOut: false },
    });
  });

  it("scores the episode when the turn limit is reached", async () => {
    const created = await open({ dataset: "nl2bash_fs_4", index: 0 }, { turnLimit: 2 });
    expect((await step(created.episodeId, "echo one")).done).toBe(false);
    const second = await step(created.episodeId, "echo two");
    expect(second).toMatchObject({
      observation: "two\n",
      done: true,
      info: { turn: 2, turnLimit: 2, forcedSubmit: true, status: "submitted" },
    });
    expect(typeof second.reward).toBe("number");
  });

  it("stops a command at the per-action timeout", async () => {
    const created = await open("fs4:1", { timeoutMs: 500 });
    const t0 = Date.now();
    const slow = await step(created.episodeId, "echo start; sleep 30");
    // Answered at the timeout, not when the command would have ended (a machine under load may be slow).
    expect(Date.now() - t0).toBeLessThan(20_000);
    expect(slow).toMatchObject({ done: false, info: { timedOut: true, admissible: false } });
    expect(slow.observation).toMatch(/start[\s\S]*Command timed out$/);
    expect((await step(created.episodeId, "echo after")).observation).toBe("after\n");
    expect((await closeEpisode(d, "tok-a", created.episodeId)).body).toMatchObject({ status: "skipped", closed: true });
  });

  it("lets only the token that opened an episode drive it", async () => {
    const created = await open("fs4:2");
    expect(await step(created.episodeId, "ls", "tok-b")).toMatchObject({ status: 403 });
    expect((await submitEpisode(d, "tok-b", created.episodeId)).status).toBe(403);
    expect((await closeEpisode(d, "tok-b", created.episodeId)).status).toBe(403);
    expect((await closeEpisode(d, "tok-a", created.episodeId)).body).toMatchObject({ status: "skipped" });
    expect((await closeEpisode(d, "tok-a", created.episodeId)).body).toMatchObject({ status: "skipped", closed: true });
    // Also once it has ended, and after a restart (nothing kept in memory): the episode says which token it is.
    d.episodes.delete(created.episodeId);
    for (const a of [
      await getEpisode(d, "tok-b", created.episodeId),
      await closeEpisode(d, "tok-b", created.episodeId),
      await stepEpisode(d, "tok-b", created.episodeId, "ls"),
    ]) {
      expect(a).toMatchObject({ status: 403, body: { error: expect.stringMatching(/another API token/) } });
    }
    expect((await getEpisode(d, "tok-a", created.episodeId)).status).toBe(200);
    const row = await p.db.prisma.episode.findUniqueOrThrow({ where: { id: created.episodeId } });
    expect(row).toMatchObject({ apiTokenId: "tok-a", userId: p.researcherId });
  });

  it("submit at the turn limit needs no typing; unknown episodes and tasks are 404", async () => {
    const created = await open("fs4:3", { turnLimit: 1 });
    expect((await step(created.episodeId, "true")).done).toBe(true);
    expect((await submitEpisode(d, "tok-a", created.episodeId)).status).toBe(409);
    expect((await stepEpisode(d, "tok-a", "nope", "ls")).status).toBe(404);
    expect((await createEpisode(d, "tok-a", CreateEpisodeBody.parse({ task: "fs1:999" }), owner())).status).toBe(404);
    expect((await createEpisode(d, "tok-a", CreateEpisodeBody.parse({ task: 1, env: "bash" }), owner())).status).toBe(201);
    const sql = await p.db.prisma.task.findFirstOrThrow({ where: { environment: "sql" } });
    // A task of another environment is played when the request names it, refused when it names another.
    const opened = await createEpisode(d, "tok-a", CreateEpisodeBody.parse({ task: sql.id, env: "sql" }), owner());
    expect(opened).toMatchObject({ status: 201, body: { info: { environment: "sql", taskId: sql.id } } });
    expect((await closeEpisode(d, "tok-a", (opened.body as Body).episodeId)).status).toBe(200);
    expect(await createEpisode(d, "tok-a", CreateEpisodeBody.parse({ task: sql.id }), owner())).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/is a sql task, not bash/) },
    });
  });

  it("validates input", () => {
    expect(StepBody.safeParse({ action: "  " }).success).toBe(false);
    expect(StepBody.safeParse({ action: "ls\x1b[A" }).success).toBe(false);
    expect(StepBody.safeParse({ action: "for i in 1 2; do\n\techo $i\ndone" }).success).toBe(true);
    expect(StepBody.safeParse({ action: "x".repeat(70_000) }).success).toBe(false);
    expect(CreateEpisodeBody.safeParse({ task: "fs1:1", turn_limit: 3 }).success).toBe(false);
    expect(CreateEpisodeBody.safeParse({ task: "fs1:1", turnLimit: 0 }).success).toBe(false);
    expect(CreateEpisodeBody.safeParse({}).success).toBe(false);
  });

  it("answers an incomplete action (the shell wants more input) as a failed step, and the episode goes on", async () => {
    const created = await open("fs4:4", { timeoutMs: 5_000 });
    const r = await step(created.episodeId, 'echo "unclosed');
    expect(r).toMatchObject({
      done: false,
      info: { status: "active", exitCode: 2, admissible: false, timedOut: false, turn: 1 },
    });
    expect(String(r.observation)).toMatch(/unexpected end of file/);
    const next = await step(created.episodeId, "echo fine");
    expect(next).toMatchObject({ observation: "fine\n", done: false, info: { exitCode: 0, turn: 2 } });
  }, 30_000);
});
