import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlateau, type TestPlateau } from "../runtime/testing";
import { soakAgents } from "./soakAgents";

// A small soak (bench/soak.ts runs the large one): agents play while their sandboxes are killed at
// random; the steps stored equal the steps the agents were answered, episode by episode.

describe("agents while sandboxes are killed at random", { timeout: 240_000 }, () => {
  let p: TestPlateau;
  beforeAll(async () => {
    p = await startTestPlateau("local");
  }, 180_000);
  afterAll(async () => p?.close());

  it("stores exactly the steps each agent was answered", async () => {
    const task = await p.db.prisma.task.findUniqueOrThrow({ where: { dataset_index: { dataset: "nl2bash_fs_1", index: 0 } } });
    const report = await soakAgents(p.db.prisma, p.sessions, { agents: 4, steps: 12, kills: 2, taskId: task.id });
    expect(report.killed).toBe(2);
    for (const e of report.episodes) expect(e.stored, e.episodeId).toEqual(e.answered);
    expect(report.episodes.filter((e) => e.status === "error").length).toBeGreaterThan(0); // the killed ones, as error
  });
});
