import { describe, expect, it } from "vitest";
import { TEST_DRIVERS, useApiTestPlateau, type ApiBody as Body } from "../../agents/testing/useApiTestPlateau";
import { closeEpisode, createEpisode, CreateEpisodeBody, stepEpisode, submitEpisode } from "../../agents/api/episodesApi";
import { withToken } from "../../agents/api/routeKit";
import { playEpisode } from "../../agents/playEpisode";
import { goldPolicy } from "../../agents/policies/gold";
import { asResearcher } from "../../auth/testing";
import { resultAsSeenBy } from "../../auth/visibility";
import { createDockerDriver } from "../../sandbox/docker";
import { createLocalDriver } from "../../sandbox/local";
import { isPlayError } from "../../sessions/PlayError";
import { ctfPlayability } from "./playability";
import { WRONG_FLAG } from "./scorer";
import { CTF_IMAGE } from "./tasks";

// CTF played live on each driver: the gold policy over the playable tasks (all of them on the local
// driver, a sample on docker), the shell in /ctf/{id}, a wrong flag that goes on, no write-up in a
// sandbox, reset, and an unplayable task refused with its reason. Needs plateau/ctf
// (scripts/build-images.sh ctf) and its tree (scripts/build-rootfs.sh ctf).

describe.each(TEST_DRIVERS)("CTF on the %s driver", (driver) => {
  const live = useApiTestPlateau(driver);
  const owner = () => ({ userId: live.p.researcherId, role: "researcher" as const });
  const ctfTasks = async () =>
    (await live.p.db.prisma.task.findMany({ where: { environment: "ctf" }, orderBy: { index: "asc" } })).map((t) => ({
      ...t,
      taskId: (t.extra as { taskId: number }).taskId,
    }));
  const open = async (index: number, execution: "terminal" | "intercode" = "terminal") => {
    const a = await createEpisode(
      live.d,
      "tok",
      CreateEpisodeBody.parse({ env: "ctf", task: `ctf:${index}`, execution }),
      owner(),
    );
    expect(a.status).toBe(201);
    return (a.body as Body).episodeId;
  };
  const step = async (id: string, action: string) => (await stepEpisode(live.d, "tok", id, action)).body as Body;

  it("the gold policy submits every playable task's flag: SR 100 percent (all on local, a sample on docker)", async () => {
    const playable = (await ctfTasks()).filter((t) => ctfPlayability(t).ok);
    expect(playable.length).toBe(78);
    const tasks = driver === "local" ? playable : playable.filter((_, i) => i % 8 === 0);
    const t0 = Date.now();
    const rewards: number[] = [];
    const queue = [...tasks];
    // Two episodes at a time, as a run with concurrency 2 plays them.
    const worker = async () => {
      for (let task = queue.shift(); task; task = queue.shift()) {
        const { session } = await live.p.sessions.start({
          taskId: task.id,
          playerKind: "agent",
          turnLimit: 3,
          scoreAtTurnLimit: true,
          owner: owner(),
        });
        const out = await playEpisode({
          session,
          policy: goldPolicy(),
          task,
          turnLimit: 3,
          actionTimeoutMs: 10_000,
          maxConsecutiveErrors: 2,
        });
        expect(out.result.status, `task ${task.taskId}`).toBe("submitted");
        rewards.push(...out.result.scores.map((s) => s.reward));
        if (task === tasks[0]) {
          // A participant never receives the flag: not in the result they are shown.
          const seen = resultAsSeenBy(
            { userId: "u", email: "u@test.example", name: "u", role: "participant", tokenId: null },
            out.result,
            null,
          );
          expect(JSON.stringify(seen).toLowerCase()).not.toContain(task.gold.toLowerCase());
        }
      }
    };
    await Promise.all([worker(), worker()]);
    expect(rewards.length).toBe(tasks.length * 2);
    expect(rewards.every((r) => r === 1)).toBe(true);
    console.log(`ctf gold on ${driver}: ${tasks.length} tasks in ${Date.now() - t0} ms`);
  }, 180_000);

  it("the shell starts in /ctf/{id} with the task's files, takes a `!`, and a wrong flag goes on until the right one", async () => {
    const id = await open(4);
    expect((await step(id, "pwd")).observation).toContain("/ctf/4");
    expect((await step(id, "ls")).observation).toContain("flag");
    expect((await step(id, "echo wow!really")).observation).toContain("wow!really");
    const wrong = await step(id, "submit picoCTF{not_it!}");
    expect(wrong).toMatchObject({ done: false, reward: 0, observation: WRONG_FLAG });
    const right = await step(id, "submit picoCTF{s4n1ty_v3r1f13d_2fd6ed29}");
    expect(right).toMatchObject({ done: true, reward: 1, info: { rewards: { intercode: 1, plateau: 1 } } });
    const steps = await live.p.db.prisma.step.findMany({ where: { episodeId: id }, orderBy: { index: "asc" } });
    expect(steps.map((s) => [s.action, s.reward])).toEqual([
      ["pwd", null],
      ["ls", null],
      ["echo wow!really", null],
      ["submit picoCTF{not_it!}", 0],
      ["submit picoCTF{s4n1ty_v3r1f13d_2fd6ed29}", 1],
    ]);
  }, 60_000);

  it("the API's submit ends the episode even without a flag (scored 0), as its end", async () => {
    const id = await open(4);
    const done = (await submitEpisode(live.d, "tok", id)).body as Body;
    expect(done).toMatchObject({ done: true, reward: 0, info: { status: "submitted", rewards: { intercode: 0, plateau: 0 } } });
  }, 60_000);

  it("intercode execution starts in the task's folder, as root, and finds no solution/ anywhere", async () => {
    const id = await open(21, "intercode");
    expect((await step(id, "pwd")).observation).toBe("/ctf/21\n");
    expect((await step(id, "id -un")).observation).toBe("root\n");
    expect((await step(id, "find / -xdev -name solution 2>/dev/null | wc -l")).observation).toBe("0\n");
    expect((await step(id, "ls /ctf | wc -l")).observation).toBe("100\n");
    await closeEpisode(live.d, "tok", id);
  }, 60_000);

  it("reset puts back a deleted challenge file", async () => {
    const drv = driver === "local" ? createLocalDriver() : createDockerDriver();
    const sb = await drv.create({ image: CTF_IMAGE, labels: { "dev.plateau.test": "ctf-reset" } });
    try {
      expect((await sb.exec(["rm", "/ctf/4/flag"], { user: "player" })).exitCode).toBe(0);
      expect((await sb.exec(["test", "-e", "/ctf/4/flag"])).exitCode).not.toBe(0);
      await sb.reset();
      expect((await sb.exec(["cat", "/ctf/4/flag"], { user: "player" })).stdout).toBe("picoCTF{s4n1ty_v3r1f13d_2fd6ed29}\n");
    } finally {
      await sb.destroy();
    }
  }, 60_000);

  it("an unplayable task answers 409 with its reason, through the API and from SessionManager.start itself", async () => {
    const a = await createEpisode(live.d, "tok", CreateEpisodeBody.parse({ env: "ctf", task: "ctf:9" }), owner());
    expect(a).toEqual({
      status: 409,
      body: {
        error: "This task cannot be played: it needs the picoCTF server mercury.picoctf.net, and sandboxes have no network.",
      },
    });
    const absent = (await ctfTasks()).find((t) => t.taskId === 65)!;
    const refused = await live.p.sessions.start({ taskId: absent.id, playerKind: "human", owner: owner() }).catch((e) => e);
    expect(isPlayError(refused) && refused.status).toBe(409);
    expect((refused as Error).message).toContain("dds1-alpine.flag.img.gz");
    expect(await live.p.db.prisma.episode.count({ where: { taskId: absent.id } })).toBe(0);
  });
});

describe("the session API's door", () => {
  const never = async () => {
    throw new Error("not reached");
  };
  it("refuses a stranger (no token) and a participant's token before any task is looked at", async () => {
    const stranger = await withToken(new Request("http://plateau.test/api/v1/episodes", { method: "POST" }), never);
    expect(stranger.status).toBe(401);
    const participant = await withToken(
      asResearcher(
        "http://plateau.test/api/v1/episodes",
        { method: "POST" },
        { userId: "p", email: "p@test.example", name: "p", role: "participant", tokenId: "t" },
      ),
      never,
    );
    expect(participant.status).toBe(403);
  });
});
