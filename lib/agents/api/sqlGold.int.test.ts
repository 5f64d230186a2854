import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlateau, type TestPlateau } from "../../runtime/testing";
import { closeTestPlateau } from "../testing/closeTestPlateau";
import { ApiEpisodes } from "./ApiEpisodes";
import { createEpisode, CreateEpisodeBody, stepEpisode, type ApiDeps } from "./episodesApi";

// The gold policy through the session API on SQL tasks, on each driver, in both executions: each
// gold query typed into the SQL console (or run InterCode's way), then submit. All 20 of Spider dev
// 0-19 on the local driver; on docker, where each sandbox is a container of its own, 5 of them
// spread over the 20 (bench/sql.ts plays the whole dev set).
// Needs plateau/sql (scripts/build-images.sh sql) and its tree (scripts/build-rootfs.sh sql).

const DRIVERS = (process.env.PLATEAU_TEST_DRIVERS ?? "docker,local").split(",") as Array<"docker" | "local">;
type Body = { episodeId: string; observation: string; reward: number | null; done: boolean; info: Record<string, unknown> };

const TASKS: Record<"docker" | "local", number[]> = {
  local: Array.from({ length: 20 }, (_, i) => i),
  docker: [0, 5, 10, 15, 19],
};

describe.each(DRIVERS)("the gold policy on SQL tasks (%s driver)", (driver) => {
  const tasks = TASKS[driver];
  let p: TestPlateau;
  let d: ApiDeps;

  beforeAll(async () => {
    process.env.PLATEAU_POOL_SIZE ??= "1";
    p = await startTestPlateau(driver);
    d = { prisma: p.db.prisma, sessions: p.sessions, episodes: new ApiEpisodes() };
  }, 300_000);
  afterAll(async () => {
    await closeTestPlateau(p);
  });

  const owner = () => ({ userId: p.researcherId, role: "researcher" as const });

  it.each(["terminal", "intercode"])(
    "scores every gold of its spider tasks 1 in %s execution (SR 100 percent)",
    async (execution) => {
      const rewards: number[] = [];
      for (const i of tasks) {
        const a = await createEpisode(d, "tok", CreateEpisodeBody.parse({ env: "sql", task: `spider:${i}`, execution }), owner());
        expect(a.status).toBe(201);
        const { episodeId } = a.body as Body;
        const task = await p.db.prisma.task.findFirstOrThrow({ where: { dataset: "spider_dev", index: i } });
        const ran = (await stepEpisode(d, "tok", episodeId, task.gold)).body as Body;
        expect(ran.observation).toMatch(/^\[.*\]$/s); // InterCode's observation: the rows list
        const done = (await stepEpisode(d, "tok", episodeId, "submit")).body as Body;
        expect(done.done).toBe(true);
        rewards.push(
          (done.info.rewards as { intercode: number; plateau: number }).intercode,
          (done.info.rewards as { plateau: number }).plateau,
        );
        if (i === tasks[0]) {
          const steps = await p.db.prisma.step.findMany({ where: { episodeId }, orderBy: { index: "asc" } });
          expect(steps[0].result).toMatchObject({ rows: expect.any(Array), text: ran.observation });
        }
      }
      expect(rewards.filter((r) => r === 1).length).toBe(2 * tasks.length);
    },
    600_000,
  );
});
