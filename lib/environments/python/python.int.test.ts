// The Python environment on a real plateau/python sandbox (the docker driver; PLATEAU_SANDBOX=local:
// bubblewrap on the python rootfs): the console on its terminal, the steps from its signed marks,
// and both scorings run in a scratch sandbox.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDockerDriver } from "../../sandbox/docker";
import { createLocalDriver } from "../../sandbox/local";
import type { Sandbox, SandboxDriver } from "../../sandbox/types";
import { loadPythonTasks } from "./tasks";
import { mbppTask, type MbppTask } from "./mbppTask";
import { PYTHON_IMAGE, scorePythonEpisode } from "./scorer";
import { openConsole } from "./testing/playConsole";
import { createPublicTestTrier } from "./publicTestTrier";
import { pythonObservation } from "./pythonConsole";
import { startFakeChatServer } from "../../agents/testing/FakeChatServer";
import { createChatClient } from "../../agents/llm/ChatClient";
import { LlmSettings } from "../../agents/llm/LlmSettings";
import { bestOfNPolicy, type BestOfNSearch } from "../../agents/policies/bestOfN";
import type { HistoryEntry } from "../../agents/types";

const tasks = loadPythonTasks(path.join(process.cwd(), "data/intercode"));
const taskAt = (i: number): MbppTask => mbppTask(tasks[i]);

let driver: SandboxDriver;
let scratch: Sandbox;
const made: Sandbox[] = [];
async function sandbox(): Promise<Sandbox> {
  const sb = await driver.create({ image: PYTHON_IMAGE, labels: { "dev.plateau.test": "python.int" } });
  made.push(sb);
  return sb;
}
const byMode = <T extends { mode: string }>(scores: T[]) =>
  Object.fromEntries(scores.map((s) => [s.mode, s])) as Record<string, T>;

beforeAll(async () => {
  driver = process.env.PLATEAU_SANDBOX === "local" ? createLocalDriver() : createDockerDriver();
  const st = await driver.status();
  if (!st.ok) throw new Error(`no ${driver.name} sandbox: ${st.reason}`);
  if (!(await driver.hasImage(PYTHON_IMAGE))) throw new Error(`image ${PYTHON_IMAGE} is missing: run scripts/build-images.sh`);
  scratch = await sandbox();
}, 600_000);

afterAll(async () => {
  await Promise.all(made.map((s) => s.destroy().catch(() => {})));
});

describe("the Python console", () => {
  it("shows the task, keeps state across inputs, reports output and errors as InterCode did", async () => {
    const task = taskAt(0);
    const c = await openConsole(await sandbox(), task);
    expect(c.screen()).toContain(`Task: ${task.query}`);
    expect(c.screen()).toContain("Function: min_cost");
    expect(c.screen()).toContain(`Public test: ${task.publicTests[0]}`);
    for (const t of task.privateTests) expect(c.screen()).not.toContain(t);

    expect((await c.run("x = 20")).result).toMatchObject({ kind: "code", result: { output: "", error: "" } });
    const shown = await c.run("x + 1");
    expect(shown.observation).toBe("21\n");
    expect(shown.result).toMatchObject({ observation: "{'output': '21', 'error': ''}" });
    const err = await c.run("1/0");
    expect(err.exitCode).toBe(1);
    expect(err.result).toMatchObject({ observation: "{'error': 'Error: division by zero'}" });
    const block = await c.run("def twice(v):\n\n    w = v * 2\n    return w\n\nprint(twice(x))");
    expect(block.observation).toBe("40\n");
    const stopped = c.run("while True: pass", { timeoutMs: 30_000 });
    await new Promise((r) => setTimeout(r, 500));
    c.tty.write("\x03");
    expect((await stopped).exitCode).toBe(130);
    expect((await c.run("x")).observation).toBe("20\n");
    // the console's environment held only the public part of the task
    const env = await c.run("import os; print(sorted(k for k in os.environ if k.startswith('PLATEAU')))");
    expect(env.observation).toBe("[]\n");
  }, 120_000);

  it("a person defines the function, runs test, fixes it and submits: both scorings", async () => {
    const task = taskAt(1); // similar_elements
    const c = await openConsole(await sandbox(), task);
    // typed by hand: a block goes on at `... ` until an empty line
    await c.run("def similar_elements(a, b):\r    return (4, 5)\r\r", { keys: true });
    const first = await c.run("test\r", { keys: true });
    expect(first.exitCode).toBe(0); // (4, 5) is the public test's answer
    expect(first.observation).toContain("1/1 public tests passed");
    await c.run("def similar_elements(a, b):\n    return tuple(set(a) & set(b))");
    expect((await c.run("test\r", { keys: true })).observation).toContain("1/1 public tests passed");
    await c.run("submit similar_elements\r", { keys: true });
    const scores = byMode(await scorePythonEpisode(task, c.steps, "submit similar_elements", scratch));
    // the first code to pass the public test was the hard-coded one: µCode judges that one
    expect(scores.mucode).toMatchObject({
      success: false,
      reward: 0,
      breakdown: { judgedAtStep: 1, passedPublic: true, privatePassed: 0 },
    });
    expect(scores.intercode).toMatchObject({ reward: 1, success: true });
    expect(JSON.stringify(scores.mucode)).not.toContain("assert");
  }, 120_000);
});

describe("the gold policy on 30 MBPP tasks", () => {
  // every 32nd task: a spread over the whole set
  const sample = Array.from({ length: 30 }, (_, i) => i * 32);
  it("scores 1 in intercode and succeeds in mucode", async () => {
    const failures: string[] = [];
    // One sandbox, reset between tasks (its console and files as a new one's): what is tested is
    // the gold's scoring, and a container per task made this test four minutes long.
    const sb = await sandbox();
    for (const i of sample) {
      const task = taskAt(i);
      const c = await openConsole(sb, task);
      await c.run(task.gold);
      await c.run("submit");
      const s = byMode(await scorePythonEpisode(task, c.steps, "submit", scratch));
      if (s.intercode.reward !== 1 || !s.mucode.success)
        failures.push(`${i}: intercode ${s.intercode.reward}, mucode ${s.mucode.success}`);
      c.tty.close();
      await sb.reset();
    }
    expect(failures).toEqual([]);
  }, 900_000);
});

describe("InterCode's order of the setup code", () => {
  it("fails the gold itself where the setup code uses the gold's classes (intercode), not in plateau mode", async () => {
    const task = taskAt(366); // its setup code builds a tree of the gold's Node class
    const c = await openConsole(await sandbox(), task);
    await c.run(task.gold);
    await c.run("submit");
    const s = byMode(await scorePythonEpisode(task, c.steps, "submit", scratch));
    expect(s.intercode).toMatchObject({ reward: 0, success: false });
    expect(s.plateau).toMatchObject({ reward: 1, success: true });
    expect(s.mucode.success).toBe(true);
  }, 120_000);
});

describe("best-of-n with a FAKE chat server returning fixed candidates", () => {
  it("runs every candidate in a scratch copy, executes only the public-test winner, stores all N", async () => {
    const task = taskAt(1); // similar_elements((3, 4, 5, 6), (5, 7, 4, 10)) == (4, 5) is public
    const py = (code: string) => "```python\n" + code + "\n```";
    const losers = [
      "LOSER_RAN = True\ndef similar_elements(a, b):\n    return ()",
      "def similar_elements(a, b):\n    print('loser printed')\n    return None",
    ];
    const winner = "def similar_elements(a, b):\n    return tuple(set(a) & set(b))";
    const fake = await startFakeChatServer([py(losers[0]), py(winner), py(losers[1])]);
    try {
      const c = await openConsole(await sandbox(), task);
      const policy = bestOfNPolicy({
        chat: createChatClient(
          LlmSettings.parse({ endpoint: "fake", baseUrl: fake.url, model: "fake", retries: 0, retryDelayMs: 0 }),
          null,
        ),
        n: 3,
        historyWindow: 5,
        maxObservationChars: 1000,
        prompt: { timeoutSeconds: 10 },
        publicTask: () => ({ functionName: task.functionName, publicTests: task.publicTests }),
        tryCandidates: createPublicTestTrier(task, scratch),
      });
      const history: HistoryEntry[] = [];
      const view = { id: 1, environment: "python", dataset: "mbpp", index: 1, query: task.query, gold: "" };
      const first = await policy.next(history, view);
      if (!("action" in first)) throw new Error(first.error);
      const search = first.search as BestOfNSearch;
      expect(first.action).toBe(winner);
      const failed = `FAIL ${task.publicTests[0]}`; // a failed assert: the test, no message of its own
      expect(search.candidates.map((x) => [x.code, x.tests])).toEqual([
        [losers[0], { passed: 0, total: 1, error: failed }],
        [winner, { passed: 1, total: 1, error: null }],
        [losers[1], { passed: 0, total: 1, error: failed }],
      ]);
      expect(search.chosen).toBe(1);
      const step = await c.run(first.action);
      history.push({
        kind: "step",
        action: step.action,
        observation: pythonObservation(step),
        exitCode: step.exitCode,
        admissible: step.admissible,
        timedOut: false,
      });
      expect(await policy.next(history, view)).toEqual({ action: "submit" });
      // nothing of a losing candidate ran in the episode
      expect((await c.run("'LOSER_RAN' in globals()")).observation).toBe("False\n");
      expect(c.screen()).not.toContain("loser printed");
      expect(c.steps.map((x) => x.action)).toEqual([winner, "'LOSER_RAN' in globals()"]);
    } finally {
      await fake.close();
    }
  }, 120_000);
});
