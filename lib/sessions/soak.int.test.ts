import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlateau, type TestPlateau } from "../runtime/testing";
import { soakAgents } from "./soakAgents";

// The soak at full size (16 agents × 100 steps, half their sandboxes killed at random; the
// soak itself 6-25 s on the local driver here, 12-45 s with the start, by load): the steps stored equal the steps
// the agents were answered, episode by episode. bench/soak.ts runs it at other sizes and on docker.

describe("agents while sandboxes are killed at random", { timeout: 240_000 }, () => {
  let p: TestPlateau;
  beforeAll(async () => {
    p = await startTestPlateau("local");
  }, 180_000);
  afterAll(async () => p?.close());

  it("stores exactly the steps each agent was answered", async () => {
    const task = await p.db.prisma.task.findUniqueOrThrow({ where: { dataset_index: { dataset: "nl2bash_fs_1", index: 0 } } });
    const report = await soakAgents(p.db.prisma, p.sessions, { agents: 16, steps: 100, kills: 8, taskId: task.id });
    expect(report.killed).toBe(8);
    for (const e of report.episodes) expect(e.stored, e.episodeId).toEqual(e.answered);
    // the 8 agents whose sandboxes lived played all their steps
    expect(report.episodes.filter((e) => e.answered.length === 100).length).toBeGreaterThanOrEqual(8);
    expect(report.episodes.filter((e) => e.status === "error").length).toBeGreaterThan(0); // the killed ones, as error
  });
});
