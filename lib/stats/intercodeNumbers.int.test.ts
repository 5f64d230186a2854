import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../db/testing";
import type { Database } from "../db";
import { WITH_TASKS } from "../tasks/testing";
import { importLogs } from "../importers";
import { interCodeLogs } from "../importers/testing/interCodeLogs";
import { computeStats, StatsQuery, type StatsResult } from "./index";

// INTERCODE.md §6: importing InterCode's own logs reproduces every number the paper reports.

let db: Database;
let byRun: StatsResult;

const RUNS = {
  sqlTryAgain: "ic_sql_multiturn_gpt-3.5_10_turns",
  sqlSingle: "ic_sql_multiturn_gpt-3.5-1_turns",
  sqlReact: "ic_sql_react_10_turns",
  sqlPlanSolve: "ic_sql_plan_solve",
  bashTryAgain: "bash text-davinci-003 try again",
  bashReact: "bash gpt-3.5 react",
  python: "ic_python_multiturn_gpt-3.5_7_turns",
};

beforeAll(async () => {
  db = await openTestDatabase(WITH_TASKS);
  const sql = await importLogs(db.prisma, interCodeLogs("sql/gpt-3.5"));
  const py = await importLogs(db.prisma, interCodeLogs("python"));
  const bashTa = await importLogs(db.prisma, interCodeLogs("bash/text-davinci-003"), { run: RUNS.bashTryAgain });
  const bashReact = await importLogs(
    db.prisma,
    interCodeLogs("bash/gpt-3.5").filter((f) => f.name.includes("react")),
    { run: RUNS.bashReact },
  );
  for (const r of [sql, py, bashTa, bashReact]) expect(r.rejected.map((e) => e.message)).toEqual([]);
  byRun = await computeStats(db.prisma, StatsQuery.parse({ runs: Object.values(RUNS) }));
}, 180_000);
afterAll(async () => db?.close());

const one = (x: number | null) => x?.toFixed(1);
const two = (x: number | null) => x?.toFixed(2);

describe("InterCode's numbers from its own logs (INTERCODE.md §6)", () => {
  const table: [keyof typeof RUNS, number, string, string, string | undefined][] = [
    ["sqlTryAgain", 1034, "47.3", "7.25", "46.4"],
    ["sqlSingle", 1034, "10.5", "1.00", "87.8"],
    ["sqlReact", 1034, "58.7", "5.30", "6.9"],
    ["sqlPlanSolve", 1034, "49.1", "4.29", "16.2"],
    ["bashTryAgain", 199, "38.7", "6.75", "23.4"],
    ["bashReact", 200, "20.5", "4.40", "20.4"],
    ["python", 117, "59.0", "3.68", undefined],
  ];
  it.each(table)("%s: n %i, SR %s, turns %s, Error %% %s", (run, n, sr, turns, err) => {
    const g = byRun.groups.find((x) => x.key === RUNS[run])!;
    expect(g, `group ${RUNS[run]}`).toBeDefined();
    expect(g.n).toBe(n);
    expect(one(g.sr)).toBe(sr);
    expect(two(g.turns)).toBe(turns);
    expect(one(g.errorPct)).toBe(err);
  });

  it("SQL Try Again SR@1…10", () => {
    const g = byRun.groups.find((x) => x.key === RUNS.sqlTryAgain)!;
    expect(g.srAtK.slice(0, 10).map((p) => one(p.sr))).toEqual([
      "8.5",
      "10.5",
      "13.1",
      "28.9",
      "36.6",
      "41.3",
      "43.9",
      "45.6",
      "46.3",
      "47.3",
    ]);
    // The curve ends at SR, and every point has its Wilson interval around it.
    expect(g.srAtK.at(-1)!.sr).toBe(g.sr);
    for (const p of g.srAtK) expect(p.low <= p.sr && p.sr <= p.high).toBe(true);
  });

  it("SQL Try Again SR by hardness", async () => {
    const s = await computeStats(db.prisma, StatsQuery.parse({ runs: RUNS.sqlTryAgain, group: "hardness" }));
    expect(Object.fromEntries(s.groups.map((g) => [g.key, one(g.sr)]))).toEqual({
      easy: "72.6",
      medium: "44.4",
      hard: "43.7",
      extra: "21.1",
    });
    expect(s.groups.map((g) => g.n)).toEqual([248, 446, 174, 166]);
    // The same split as a per-difficulty table under the run.
    const split = await computeStats(db.prisma, StatsQuery.parse({ runs: RUNS.sqlTryAgain, split: "hardness" }));
    expect(split.splits!.map((r) => [r.split, one(r.sr)])).toEqual([
      ["easy", "72.6"],
      ["medium", "44.4"],
      ["hard", "43.7"],
      ["extra", "21.1"],
    ]);
  });

  it("groups by model and strategy across runs", async () => {
    const s = await computeStats(db.prisma, StatsQuery.parse({ env: "sql", group: "strategy", player: "agent" }));
    expect(Object.fromEntries(s.groups.map((g) => [g.key, [g.n, one(g.sr)]]))).toEqual({
      plan_solve: [1034, "49.1"],
      react: [1034, "58.7"],
      single_turn: [1034, "10.5"],
      try_again: [1034, "47.3"],
    });
  });

  it("error rate by turn: the share of inadmissible k-th actions", () => {
    const g = byRun.groups.find((x) => x.key === RUNS.sqlSingle)!;
    expect(g.errorByTurn).toHaveLength(1);
    expect(g.errorByTurn[0].n).toBe(1034);
    expect(one(g.errorByTurn[0].pct)).toBe("87.8"); // one action each: the same as Error %
    const py = byRun.groups.find((x) => x.key === RUNS.python)!;
    expect(py.errorByTurn).toEqual([]); // Python logs do not say
  });

  it("solved-task overlap partitions the shared tasks", () => {
    const pair = byRun.overlap!.find((p) => p.a === RUNS.sqlTryAgain && p.b === RUNS.sqlReact)!;
    expect(pair.tasks).toBe(1034);
    expect(pair.both.length + pair.onlyA.length + pair.onlyB.length + pair.neither.length).toBe(1034);
    expect(pair.both.length + pair.onlyA.length).toBe(489); // Try Again solved 47.3 %
    expect(pair.both.length + pair.onlyB.length).toBe(607); // ReAct solved 58.7 %
    expect(new Set([...pair.both, ...pair.onlyA, ...pair.onlyB, ...pair.neither]).size).toBe(1034);
    // Every two groups are listed, also those with no task in common (SQL vs Bash).
    expect(byRun.overlap).toHaveLength((7 * 6) / 2);
    expect(byRun.overlap!.find((p) => p.a === RUNS.sqlTryAgain && p.b === RUNS.bashTryAgain)).toMatchObject({
      tasks: 0,
      both: [],
    });
  });
});
