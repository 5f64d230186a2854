import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../db/testing";
import type { Database } from "../db";
import { WITH_TASKS } from "../tasks/testing";
import { importLogs, type ImportFile } from "./index";
import { interCodeLogs } from "./testing/interCodeLogs";

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase(WITH_TASKS);
}, 120_000);
afterAll(async () => db?.close());

/** Everything an import could have changed. */
async function snapshot() {
  const p = db.prisma;
  const [runs, episodes, steps, scores] = await Promise.all([
    p.run.findMany({ select: { name: true, total: true, sourceHashes: true }, orderBy: { name: "asc" } }),
    p.episode.count(),
    p.step.count(),
    p.score.count(),
  ]);
  return { runs, episodes, steps, scores };
}

const file = (name: string, value: unknown): ImportFile => ({
  name,
  content: typeof value === "string" ? value : JSON.stringify(value),
});
const sqlEntry = (taskId: number) => ({
  environment: "ic_sql",
  dataset: "./data/spider/dev_spider.json",
  task_id: taskId,
  query: "q",
  turn_history: { actions: ["SELECT 1"], observations: [[[1]]], rewards: [1], valid_action: [true] },
  summary: { max_reward: 1, max_reward_idx: 0, turns_taken: 1, turns_max: 10 },
});

describe("importing every InterCode log", () => {
  it("makes one Run per file, named after it, with every episode, step, thought, plan and reward", async () => {
    const files = interCodeLogs();
    const report = await importLogs(db.prisma, files);
    expect(report.rejected.map((e) => e.message)).toEqual([]);
    expect(report.runs).toHaveLength(files.length);
    const totals = Object.fromEntries(report.runs.map((r) => [r.name, r.episodes]));
    expect(totals).toMatchObject({
      ic_sql_multiturn_human_10_turns: 15,
      "ic_ctf_gpt-4_25_turns": 4,
      ic_sql_plan_solve: 1034,
      ic_bash_plan_solve_fs_1: 60,
    });

    const run = await db.prisma.run.findUniqueOrThrow({ where: { name: "ic_sql_react_10_turns" } });
    expect(run).toMatchObject({
      kind: "import",
      environment: "sql",
      model: "gpt-3.5",
      strategy: "react",
      turnLimit: 10,
      total: 1034,
    });
    const withThought = await db.prisma.step.findFirstOrThrow({ where: { episode: { runId: run.id }, thought: { not: null } } });
    expect(withThought.thought!.length).toBeGreaterThan(0);
    expect(await db.prisma.step.count({ where: { plan: { not: null }, episode: { strategy: "plan_solve" } } })).toBe(
      421 + 377 + 4435,
    );

    // Per-turn rewards of a Try Again log, and the episode linked to its task by dataset and index.
    const ep = await db.prisma.episode.findFirstOrThrow({
      where: { run: { name: "ic_bash_multiturn_text-davinci-003_10_turns_fs_2" }, task: { index: 0 } },
      include: { task: true, steps: { orderBy: { index: "asc" } }, scores: true },
    });
    expect(ep.task.dataset).toBe("nl2bash_fs_2");
    expect(ep).toMatchObject({
      source: "import",
      execution: "intercode",
      status: "submitted",
      playerKind: "agent",
      turns: 10,
      turnLimit: 10,
    });
    expect(ep.steps).toHaveLength(10);
    expect(ep.steps.every((s) => typeof s.reward === "number")).toBe(true);
    expect(ep.scores).toEqual([
      expect.objectContaining({
        mode: "intercode",
        version: "log",
        reward: 0.6900000000000001,
        success: false,
        maxRewardIdx: 0,
        solvedAtTurn: null,
      }),
    ]);

    // The human trajectory log: human episodes, no error rate.
    const human = await db.prisma.episode.findMany({ where: { run: { name: "ic_sql_multiturn_human_10_turns" } } });
    expect(human.every((e) => e.playerKind === "human" && e.errorRate === null)).toBe(true);

    // A NUL byte in a CTF observation is kept visibly (PostgreSQL text cannot hold U+0000).
    expect(await db.prisma.step.count({ where: { observation: { contains: "\u2400" } } })).toBeGreaterThan(0);
  });

  it("changes nothing when the same files are imported again, under any name", async () => {
    const before = await snapshot();
    const again = await importLogs(db.prisma, interCodeLogs("sql/gpt-3.5"));
    expect(again.runs).toEqual([]);
    expect(again.skipped).toContainEqual({ file: "sql/gpt-3.5/ic_sql_react_10_turns.json", run: "ic_sql_react_10_turns" });
    const renamed = interCodeLogs("python").map((f) => ({ ...f, name: "another_name.json" }));
    expect((await importLogs(db.prisma, renamed, { run: "python again" })).skipped).toEqual([
      { file: "another_name.json", run: "ic_python_multiturn_gpt-3.5_7_turns" },
    ]);
    expect(await snapshot()).toEqual(before);
  });
});

describe("--run NAME merges files into one Run", () => {
  it("puts all files' episodes in one Run, and a later file with the same --run is added to it", async () => {
    const bash = interCodeLogs("bash/gpt-3.5").filter((f) => f.name.includes("react"));
    // Re-imported content is skipped, so give these files new bytes (a trailing newline).
    const fresh = bash.map((f) => ({ ...f, content: Buffer.concat([Buffer.from(f.content as Uint8Array), Buffer.from("\n")]) }));
    const first = await importLogs(db.prisma, fresh.slice(0, 3), { run: "bash react merged", model: "gpt-3.5-turbo" });
    expect(first.runs).toEqual([expect.objectContaining({ name: "bash react merged", episodes: 173, created: true })]);
    const second = await importLogs(db.prisma, fresh.slice(3), { run: "bash react merged", model: "gpt-3.5-turbo" });
    expect(second.runs).toEqual([expect.objectContaining({ name: "bash react merged", episodes: 27, created: false })]);
    const run = await db.prisma.run.findUniqueOrThrow({
      where: { name: "bash react merged" },
      include: { _count: { select: { episodes: true } } },
    });
    expect(run).toMatchObject({ total: 200, model: "gpt-3.5-turbo", strategy: "react", environment: "bash" });
    expect(run._count.episodes).toBe(200);
    expect(run.sourceHashes).toHaveLength(4);
    expect((run.config as { files: unknown[] }).files).toHaveLength(4);
  });
});

describe("malformed files are refused and leave the database unchanged", () => {
  it("truncated JSON, wrong shapes and an unknown task index each name the file, the entry and the reason", async () => {
    const before = await snapshot();
    const good = JSON.stringify({ "5": sqlEntry(5) });
    const report = await importLogs(db.prisma, [
      file("truncated.json", good.slice(0, good.length - 20)),
      file("shape.json", { "5": sqlEntry(5), "6": { ...sqlEntry(6), summary: { turns_taken: 1 } } }),
      file("unknown_task.json", { "5": sqlEntry(5), "5000": sqlEntry(5000) }),
      file("rows.json", { "5": { ...sqlEntry(5), turn_history: { ...sqlEntry(5).turn_history, observations: "not a list" } } }),
    ]);
    expect(report.runs).toEqual([]);
    expect(report.rejected.map((e) => e.message)).toEqual([
      expect.stringMatching(/^truncated\.json: not valid JSON \(.+\) — the file looks truncated$/),
      expect.stringMatching(/^shape\.json: entry "6": not an experiment-log entry .*summary\.max_reward: /),
      expect.stringMatching(/^rows\.json: entry "5": .*turn_history\.observations: /),
      'unknown_task.json: entry "5000": unknown task index 5000 in dataset spider_dev (it has tasks 0…1033)',
    ]);
    expect(report.rejected.find((e) => e.file === "unknown_task.json")).toMatchObject({
      entry: "5000",
      reason: expect.stringMatching(/unknown task index/),
    });
    expect(await snapshot()).toEqual(before);
  });

  it("one bad file refuses a whole --run merge", async () => {
    const before = await snapshot();
    const report = await importLogs(
      db.prisma,
      [file("ok.json", { "7": sqlEntry(7) }), file("bad.json", { "8": sqlEntry(99999) })],
      { run: "merged with a bad file" },
    );
    expect(report.runs).toEqual([]);
    expect(report.rejected.map((e) => e.file)).toEqual(["bad.json"]);
    expect(await snapshot()).toEqual(before);
  });

  it("a failure while writing rolls the whole file back (one transaction)", async () => {
    const before = await snapshot();
    const big = interCodeLogs("sql/gpt-3.5").filter((f) => f.name.endsWith("_10_turns.json") && f.name.includes("multiturn"));
    const renamed = big.map((f) => ({
      name: "rollback.json",
      content: Buffer.concat([Buffer.from(f.content as Uint8Array), Buffer.from(" ")]),
    }));
    let calls = 0;
    await expect(
      importLogs(db.prisma, renamed, {}, () => {
        if (++calls === 1) throw new Error("disk full (simulated)");
      }),
    ).rejects.toThrow("disk full");
    expect(await snapshot()).toEqual(before);
  });

  it("accepts a new file once its content is fixed", async () => {
    const report = await importLogs(db.prisma, [file("fixed.json", { "7": sqlEntry(7) })]);
    expect(report.runs).toEqual([expect.objectContaining({ name: "fixed", episodes: 1 })]);
    const step = await db.prisma.step.findFirstOrThrow({ where: { episode: { run: { name: "fixed" } } } });
    expect(step.observation).toBe("[[1]]"); // a row list, stored as JSON text
  });
});
