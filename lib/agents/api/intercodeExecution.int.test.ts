import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlateau, type TestPlateau } from "../../runtime/testing";
import { closeTestPlateau } from "../testing/closeTestPlateau";
import { getEpisodeForReplay, withoutBreakdowns } from "../../episodes/getEpisodeForReplay";
import { ApiEpisodes } from "./ApiEpisodes";
import { closeEpisode, createEpisode, CreateEpisodeBody, stepEpisode, type ApiDeps } from "./episodesApi";

// `intercode` execution through the session API on each sandbox driver: each action a fresh
// `bash -c` as root with no terminal, only `cd` carried over — and still watched and recorded.

const DRIVERS = (process.env.PLATEAU_TEST_DRIVERS ?? "docker,local").split(",") as Array<"docker" | "local">;
type Body = { episodeId: string; observation: string; reward: number | null; done: boolean; info: Record<string, unknown> };

describe.each(DRIVERS)("intercode execution on the %s driver", (driver) => {
  let p: TestPlateau;
  let d: ApiDeps;

  beforeAll(async () => {
    p = await startTestPlateau(driver);
    d = { prisma: p.db.prisma, sessions: p.sessions, episodes: new ApiEpisodes() };
  });
  afterAll(async () => {
    await closeTestPlateau(p);
  });

  const owner = () => ({ userId: p.researcherId, role: "researcher" as const });
  async function open(task: string, extra: Record<string, unknown> = {}) {
    const a = await createEpisode(d, "tok", CreateEpisodeBody.parse({ task, execution: "intercode", ...extra }), owner());
    expect(a.status).toBe(201);
    return a.body as Body;
  }
  const step = async (id: string, action: string) => (await stepEpisode(d, "tok", id, action)).body as Body;

  it("carries the directory of a cd and nothing else; runs as root; stdout and stderr in one stream", async () => {
    const { episodeId, info } = await open("fs1:0");
    expect(info.execution).toBe("intercode");
    expect(await step(episodeId, "cd /testbed")).toMatchObject({ observation: "", info: { exitCode: 0, admissible: true } });
    const ls = (await step(episodeId, "ls")).observation;
    expect(ls).toContain("dir1\ndir2\ndir3\nhello.c\n");
    expect(ls).not.toContain("testbed"); // the listing of /testbed, not of /
    expect((await step(episodeId, "X=1")).info).toMatchObject({ exitCode: 0 });
    expect((await step(episodeId, "echo $X")).observation).toBe("\n");
    expect((await step(episodeId, "id -un")).observation).toBe("root\n");
    expect((await step(episodeId, "echo a; echo b >&2; echo c")).observation).toBe("a\nb\nc\n");
    expect(await step(episodeId, "cd nowhere")).toMatchObject({ info: { admissible: false } });
    expect((await step(episodeId, "pwd")).observation).toBe("/testbed\n");
    await closeEpisode(d, "tok", episodeId);

    const ep = await p.db.prisma.episode.findUniqueOrThrow({
      where: { id: episodeId },
      include: { steps: { orderBy: { index: "asc" } }, events: { orderBy: { seq: "asc" } } },
    });
    expect(ep.execution).toBe("intercode");
    expect(ep.steps.map((s) => s.action)).toEqual([
      "cd /testbed",
      "ls",
      "X=1",
      "echo $X",
      "id -un",
      "echo a; echo b >&2; echo c",
      "cd nowhere",
      "pwd",
    ]);
    // What a watcher saw: each command, then its output, then the carried directory's prompt.
    const screen = ep.events
      .filter((e) => e.code === "o")
      .map((e) => e.data)
      .join("");
    expect(screen).toContain("id -un\r\nroot\r\n");
    expect(screen).toContain("root:/testbed# pwd\r\n/testbed\r\n");
    const turn = ep.steps[4];
    const recorded = ep.events
      .filter((e) => e.code === "o" && e.time >= turn.castStart! && e.time <= turn.castEnd!)
      .map((e) => e.data)
      .join("");
    expect(recorded).toContain("root\r\n");
  });

  it("gives standard input at its end: cat with no file returns at once", async () => {
    const { episodeId } = await open("fs1:2");
    // Not timed out: cat ended by itself, at the end of its input.
    expect(await step(episodeId, "cat")).toMatchObject({ observation: "", info: { exitCode: 0, timedOut: false } });
    // fs1:2's gold (`cat $(echo $FILES | sort) | md5sum`) then gives the md5 of empty input, as InterCode logged.
    expect((await step(episodeId, "cat $(echo $FILES | sort) | md5sum")).observation).toBe(
      "d41d8cd98f00b204e9800998ecf8427e  -\n",
    );
    const done = await step(episodeId, "submit");
    expect(done).toMatchObject({ done: true, info: { rewards: { intercode: 1, plateau: 1 } } });
  });

  it("stops a command at the timeout with InterCode's observation", async () => {
    const { episodeId } = await open("fs4:0", { timeoutMs: 1500 });
    const t0 = Date.now();
    expect(await step(episodeId, "sleep 20")).toMatchObject({
      observation: "Command timed out",
      info: { timedOut: true, admissible: false },
    });
    // Answered at the timeout, not when the command would have ended (a machine under load may be slow).
    expect(Date.now() - t0).toBeLessThan(15_000);
    expect((await step(episodeId, "echo after")).observation).toBe("after\n");
    await closeEpisode(d, "tok", episodeId);
  });

  it("runs the gold as InterCode did: fs1:25's quotes are stripped in intercode mode only, and both runs are stored", async () => {
    const { episodeId } = await open("fs1:25");
    // The agent types the gold; in intercode execution it runs with the same stripped quotes.
    await step(episodeId, 'find /testbed -name "*.html" | xargs grep -l foo | wc -l');
    const done = await step(episodeId, "submit");
    expect(done.info).toMatchObject({ rewards: { intercode: 1 } });
    const scores = await p.db.prisma.score.findMany({ where: { episodeId }, orderBy: { mode: "asc" } });
    expect(scores.map((s) => (s.gold as { argv: string[] }).argv[2])).toEqual([
      "find /testbed -name *.html | xargs grep -l foo | wc -l",
      'find /testbed -name "*.html" | xargs grep -l foo | wc -l',
    ]);
    expect(scores.map((s) => (s.gold as { exitCode: number }).exitCode)).toEqual([0, 0]);
    // The replay's header shows each mode's gold run to staff, and none to a participant.
    const replay = (await getEpisodeForReplay(p.db.prisma, episodeId))!;
    expect(replay.execution).toBe("intercode");
    expect(replay.scores.map((s) => s.gold?.argv?.length)).toEqual([3, 3]);
    expect(replay.scores[0].gold).toMatchObject({ output: expect.any(String), exitCode: 0, timedOut: false });
    expect(withoutBreakdowns(replay).scores.map((s) => s.gold)).toEqual([null, null]);
  });

  it("is for agents on environments that have it", async () => {
    const task = await p.db.prisma.task.findFirstOrThrow({ where: { dataset: "nl2bash_fs_1", index: 0 } });
    await expect(
      p.sessions.start({ taskId: task.id, playerKind: "human", execution: "intercode", owner: owner() }),
    ).rejects.toThrow(/for agents/);
    expect(CreateEpisodeBody.safeParse({ task: "fs1:0", execution: "docker" }).success).toBe(false);
  });
});
