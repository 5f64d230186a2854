import { describe, expect, it } from "vitest";
import { ImportError } from "../ImportError";
import { parseLog } from "./parseLog";
import { errorRateOf, observationText } from "./episodeFromLog";

// Small logs in each of INTERCODE.md §5's shapes.

const entry = (over: Record<string, unknown> = {}, th: Record<string, unknown> = {}, summary: Record<string, unknown> = {}) => ({
  environment: "ic_sql",
  dataset: "./data/spider/dev_spider.json",
  task_id: 3,
  query: "How many singers?",
  hardness: "easy",
  turn_history: {
    actions: ["SELECT 1", "SELECT count(*) FROM singer"],
    observations: ["[(1,)]", "[(6,)]"],
    rewards: [0, 1],
    valid_action: [true, true],
    ...th,
  },
  summary: { max_reward: 1, max_reward_idx: 1, turns_taken: 2, turns_max: 10, ...summary },
  ...over,
});
const json = (x: unknown) => JSON.stringify(x);

describe("parseLog: the experiment log (Try Again)", () => {
  const log = parseLog("sql/gpt-3.5/ic_sql_multiturn_gpt-3.5_10_turns.json", json({ "3": entry() }));

  it("reads model, strategy and turn limit from the name and content", () => {
    expect(log).toMatchObject({
      variant: "experiment",
      environment: "sql",
      model: "gpt-3.5",
      strategy: "try_again",
      turnLimit: 10,
      playerKind: "agent",
      baseName: "ic_sql_multiturn_gpt-3.5_10_turns",
    });
  });

  it("keeps every step with its reward and admissible flag", () => {
    const e = log.episodes[0];
    expect(e).toMatchObject({ entry: "3", dataset: "spider_dev", taskIndex: 3, turns: 2, errorRate: 0, turnLimit: 10 });
    expect(e.steps.map((s) => [s.action, s.observation, s.admissible, s.reward])).toEqual([
      ["SELECT 1", "[(1,)]", true, 0],
      ["SELECT count(*) FROM singer", "[(6,)]", true, 1],
    ]);
    expect(e.score).toMatchObject({ reward: 1, success: true, maxRewardIdx: 1, solvedAtTurn: 2 });
  });

  it("hashes the content, so the same bytes are recognised again", () => {
    const again = parseLog("renamed.json", json({ "3": entry() }));
    expect(again.hash).toBe(log.hash);
    expect(again.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("lets the caller set model, strategy and turns", () => {
    const l = parseLog("x.json", json({ "3": entry() }), { model: "m", strategy: "s", turns: 5 });
    expect(l).toMatchObject({ model: "m", strategy: "s", turnLimit: 5 });
    expect(l.episodes[0].turnLimit).toBe(5);
  });

  it("calls a one-turn multiturn log single turn", () => {
    const l = parseLog("ic_sql_multiturn_gpt-3.5-1_turns.json", json({ "3": entry({}, {}, { turns_max: 1 }) }));
    expect(l.strategy).toBe("single_turn");
  });
});

describe("parseLog: ReAct and Plan & Solve", () => {
  it("keeps ReAct thoughts and finds max_reward_idx from the rewards; a forced submit counts as the last turn", () => {
    const l = parseLog(
      "ic_sql_react_10_turns.json",
      json({
        "3": entry(
          {},
          {
            thoughts: ["look", "answer", "out of turns"],
            actions: ["execute[SHOW TABLES]", "execute[SELECT 1]", "submit"],
            observations: ["[('singer',)]", "[(1,)]", "[(1,)]"],
            rewards: [0, 0, 1.0],
            valid_action: [true, true, true],
          },
          { max_reward_idx: undefined, turns_taken: 2, turns_max: 2 },
        ),
      }),
    );
    expect(l.strategy).toBe("react");
    const e = l.episodes[0];
    expect(e.steps.map((s) => s.thought)).toEqual(["look", "answer", "out of turns"]);
    expect(e.turns).toBe(2);
    expect(e.score).toMatchObject({ maxRewardIdx: 2, solvedAtTurn: 2, breakdown: { source: "log", maxRewardIdxDerived: true } });
  });

  it("reads the wrapped {meta, logs} form, keeps plans, and counts actions as turns", () => {
    const l = parseLog(
      "ic_sql_plan_solve.json",
      json({
        meta: { env: "sql", data_path: "./data/spider/dev_spider.json" },
        logs: {
          "3": entry(
            { info: { reward: 1 } },
            { steps: ["list tables", "count"] },
            { turns_taken: undefined, turns_max: undefined },
          ),
        },
      }),
    );
    expect(l).toMatchObject({ variant: "experiment-wrapped", strategy: "plan_solve", turnLimit: null, meta: { env: "sql" } });
    expect(l.episodes[0].turns).toBe(2);
    expect(l.episodes[0].steps.map((s) => s.plan)).toEqual(["list tables", "count"]);
    expect(l.episodes[0].score.breakdown).toMatchObject({ info: { reward: 1 } });
  });

  it("accepts an episode with no actions (max_reward_idx -1)", () => {
    const l = parseLog(
      "ic_sql_plan_solve.json",
      json({
        "93": entry(
          { task_id: 93 },
          { actions: [], observations: [], rewards: [0], valid_action: [false], steps: [] },
          { max_reward: 0, max_reward_idx: -1, turns_taken: undefined },
        ),
      }),
    );
    expect(l.episodes[0]).toMatchObject({
      turns: 0,
      errorRate: 1,
      steps: [],
      score: { success: false, maxRewardIdx: null, solvedAtTurn: null },
    });
  });
});

describe("parseLog: valid_action and observations", () => {
  it("counts an empty valid_action (API error) as 100 % errors and null as unknown", () => {
    expect(errorRateOf([])).toBe(1);
    expect(errorRateOf(null)).toBeNull();
    expect(errorRateOf(undefined)).toBeNull();
    expect(errorRateOf([null, null])).toBeNull();
    expect(errorRateOf([true, false, false, true])).toBe(0.5);
    const l = parseLog(
      "ic_python_multiturn_gpt-3.5_7_turns.json",
      json({
        "94": entry(
          { environment: "ic_python", dataset: "./data/python/mbpp/ic_mbpp.json", task_id: 94 },
          { valid_action: null },
        ),
        "95": entry(
          { environment: "ic_python", dataset: "./data/python/mbpp/ic_mbpp.json", task_id: 95 },
          { valid_action: [null, null] },
        ),
      }),
    );
    expect(l.episodes.map((e) => e.errorRate)).toEqual([null, null]);
    expect(l.episodes[0].steps.every((s) => s.admissible === null)).toBe(true);
    expect(l.episodes[0].dataset).toBe("mbpp");
  });

  it("stores row-list observations as JSON and null as empty text", () => {
    expect(
      observationText([
        ["Alice", 3],
        ["Bob", null],
      ]),
    ).toBe('[["Alice",3],["Bob",null]]');
    expect(observationText(null)).toBe("");
    expect(observationText("('a',)")).toBe("('a',)");
    const l = parseLog("x_10_turns.json", json({ "3": entry({}, { observations: [[[1, "a"]], null] }) }));
    expect(l.episodes[0].steps.map((s) => s.observation)).toEqual(['[[1,"a"]]', ""]);
  });
});

describe("parseLog: the environment trajectory log", () => {
  const traj = (idx: number, reward: number) => ({
    environment: "ic_sql",
    query_idx: idx,
    query: "q",
    gold: "SELECT 1",
    reward,
    trajectory: [
      { action: "show tables;", observation: "('t',)" },
      { action: "select 1;", observation: [[1]] },
    ],
    info: { corrupt_gold: false },
  });

  it("reads one trajectory object", () => {
    const l = parseLog("sql/human/one.json", json(traj(809, 1)));
    expect(l).toMatchObject({ variant: "trajectory", playerKind: "human", model: null, strategy: null });
    expect(l.episodes[0]).toMatchObject({
      taskIndex: 809,
      turns: 2,
      errorRate: null,
      score: { reward: 1, success: true, solvedAtTurn: 2 },
    });
    expect(l.episodes[0].steps[1].observation).toBe("[[1]]");
  });

  it("reads a file of trajectories keyed by task index", () => {
    const l = parseLog("ic_sql_multiturn_human_10_turns.json", json({ "809": traj(809, 0), "953": traj(953, 1) }));
    expect(l.episodes.map((e) => [e.taskIndex, e.score.success])).toEqual([
      [809, false],
      [953, true],
    ]);
    expect(l.turnLimit).toBe(10);
  });
});

describe("parseLog: Bash file systems", () => {
  const bash = (fs: number) =>
    entry({ environment: "ic_bash", dataset: `./data/nl2bash/nl2bash_fs_${fs}.json`, hardness: undefined });
  it("takes the file system from the entries and the name", () => {
    expect(parseLog("ic_bash_react_10_turns_fs_2.json", json({ "3": bash(2) })).episodes[0].dataset).toBe("nl2bash_fs_2");
    expect(parseLog("ic_bash_x_fs_4.json", json({ "3": { ...bash(1), dataset: undefined } })).episodes[0].dataset).toBe(
      "nl2bash_fs_4",
    );
  });
  it("refuses a name and content that disagree, or a Bash log with no file system", () => {
    expect(() => parseLog("ic_bash_react_fs_3.json", json({ "3": bash(2) }))).toThrow(
      /file name says file system 3 but the entry's dataset is nl2bash_fs_2/,
    );
    expect(() => parseLog("ic_bash_react.json", json({ "3": { ...bash(1), dataset: undefined } }))).toThrow(
      /--dataset nl2bash_fs_N/,
    );
  });
});

describe("parseLog refuses malformed files with the file, the entry and the reason", () => {
  const refuse = (text: string, file = "bad.json") => {
    try {
      parseLog(file, text);
    } catch (err) {
      expect(err).toBeInstanceOf(ImportError);
      return err as ImportError;
    }
    throw new Error("accepted");
  };

  it("truncated JSON", () => {
    const e = refuse(json({ "3": entry() }).slice(0, 100), "ic_sql_react_10_turns.json");
    expect(e.message).toMatch(/^ic_sql_react_10_turns\.json: not valid JSON \(.+\) — the file looks truncated$/);
  });

  it("not an object, or empty", () => {
    expect(refuse("[1, 2]").message).toMatch(/entry "0": not a trajectory-log entry/);
    expect(refuse("42").message).toMatch(/expected a JSON object keyed by task index/);
    expect(refuse("{}").message).toMatch(/no entries/);
  });

  it("wrong shapes name the entry and the field", () => {
    const e = refuse(json({ "3": entry(), "7": entry({ task_id: 7 }, { actions: "SELECT 1" }) }), "f.json");
    expect(e.entry).toBe("7");
    expect(e.message).toMatch(/^f\.json: entry "7": not an experiment-log entry .*: turn_history\.actions: /);
    expect(refuse(json({ "3": entry({}, {}, { max_reward: "1" }) })).message).toMatch(/summary\.max_reward/);
    expect(refuse(json({ "3": entry({ turn_history: undefined }) })).message).toMatch(/entry "3".*turn_history/);
    expect(refuse(json({ x: entry({ task_id: undefined }) })).message).toMatch(/entry "x": no task_id/);
  });

  it("unknown environments and mixed environments", () => {
    expect(refuse(json({ "3": entry({ environment: "ic_cobol" }) })).message).toMatch(/unknown environment "ic_cobol"/);
    expect(refuse(json({ "3": entry(), "4": entry({ environment: "ic_bash" }) })).message).toMatch(/several environments/);
  });
});
