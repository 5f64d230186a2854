import { describe, expect, it } from "vitest";
import { assignTasks, type AssignmentRule } from "./assignment";

const tasks = Array.from({ length: 7 }, (_, i) => 100 + i);
const simulate = (rule: AssignmentRule, people: number) => Array.from({ length: people }, (_, s) => assignTasks(rule, s));

describe("study assignment over 1,000 simulated participants", () => {
  for (const order of ["fixed", "random", "latin"] as const) {
    it(`${order}: every task within ±1 of the mean at every point, no task twice for one person`, () => {
      const rule = { taskIds: tasks, perParticipant: 3, order, seed: 42 };
      const counts = new Map(tasks.map((t) => [t, 0]));
      simulate(rule, 1000).forEach((a, s) => {
        expect(a).toHaveLength(3);
        expect(new Set(a).size).toBe(3);
        for (const t of a) counts.set(t, counts.get(t)! + 1);
        const mean = ((s + 1) * 3) / tasks.length;
        for (const c of counts.values()) expect(Math.abs(c - mean)).toBeLessThanOrEqual(1);
      });
    });
  }

  it("latin: with all tasks, each task stands in each position equally often", () => {
    const rule = { taskIds: tasks.slice(0, 4), perParticipant: null, order: "latin" as const, seed: 1 };
    const at = tasks.slice(0, 4).map(() => new Map<number, number>());
    for (const a of simulate(rule, 1000)) a.forEach((t, pos) => at[pos].set(t, (at[pos].get(t) ?? 0) + 1));
    for (const pos of at) expect([...pos.values()]).toEqual([250, 250, 250, 250]);
  });

  it("random: seeded (the same study gives the same order), different across people and seeds", () => {
    const rule = { taskIds: tasks, perParticipant: null, order: "random" as const, seed: 7 };
    expect(assignTasks(rule, 5)).toEqual(assignTasks(rule, 5));
    const orders = new Set(simulate(rule, 50).map((a) => a.join(",")));
    expect(orders.size).toBeGreaterThan(40);
    expect(assignTasks({ ...rule, seed: 8 }, 5)).not.toEqual(assignTasks(rule, 5));
    expect([...assignTasks(rule, 3)].sort()).toEqual([...tasks].sort());
  });

  it("fixed keeps the study's order; perParticipant past n means all; no tasks, none", () => {
    expect(assignTasks({ taskIds: [1, 2, 3], perParticipant: null, order: "fixed", seed: 1 }, 9)).toEqual([1, 2, 3]);
    expect(assignTasks({ taskIds: [1, 2, 3], perParticipant: 10, order: "fixed", seed: 1 }, 0)).toEqual([1, 2, 3]);
    expect(assignTasks({ taskIds: [1, 2, 3], perParticipant: 2, order: "fixed", seed: 1 }, 1)).toEqual([3, 1]);
    expect(assignTasks({ taskIds: [], perParticipant: 2, order: "fixed", seed: 1 }, 0)).toEqual([]);
  });
});
