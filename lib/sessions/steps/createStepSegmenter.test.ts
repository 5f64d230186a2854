import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createMarkParser } from "../marks/createMarkParser";
import { createStepSegmenter } from "./createStepSegmenter";
import type { CompletedStep, SegmenterEvent } from "./types";
import { GOLDEN_NONCE, goldenBash, goldenBashSession, goldenBashSteps, mark } from "./goldenBash";

const ESC = "\x1b";
const MiB = 1024 * 1024;

/** Run chunks through parser and segmenter; chunk i arrives at time 1000 + 10·i ms. */
function run(chunks: string[], maxObservationBytes = MiB): SegmenterEvent[] {
  const parser = createMarkParser({ nonce: GOLDEN_NONCE });
  const segmenter = createStepSegmenter({ maxObservationBytes, now: () => 0 });
  return chunks.flatMap((chunk, i) => segmenter.push(parser.push(chunk), 1000 + 10 * i));
}

const stepsOf = (events: SegmenterEvent[]): CompletedStep[] =>
  events.flatMap((e) => (e.type === "stepCompleted" ? [e.step] : []));

describe("createStepSegmenter", () => {
  it("cuts the golden Bash session into its commands", () => {
    const steps = stepsOf(run([goldenBashSession]));
    expect(steps.map(({ action, observation, exitCode }) => ({ action, observation, exitCode }))).toEqual(goldenBashSteps);
    expect(steps.map((s) => s.index)).toEqual(goldenBashSteps.map((_, i) => i));
    expect(steps.map((s) => s.admissible)).toEqual(goldenBashSteps.map((s) => s.exitCode === 0));
    expect(steps.every((s) => s.actionProblem === null && !s.truncated)).toBe(true);
  });

  it("reports a command's start, its step, then the prompt, with times and the ANSI observation", () => {
    const events = run([goldenBash.startup, goldenBash.echo.slice(0, 30), goldenBash.echo.slice(30)]);
    expect(events.map((e) => e.type)).toEqual(["prompt", "commandStarted", "stepCompleted", "prompt"]);
    expect(events[0]).toEqual({ type: "prompt", at: 1000 });
    expect(events[1]).toEqual({ type: "commandStarted", index: 0, action: 'echo "a b"', actionProblem: null, at: 1020 });
    expect(events[2]).toEqual({
      type: "stepCompleted",
      step: {
        index: 0,
        action: 'echo "a b"',
        actionProblem: null,
        observationAnsi: "a b\r\n",
        observation: "a b\n",
        exitCode: 0,
        admissible: true,
        result: null,
        truncated: false,
        outputBytes: 5,
        promptAt: 1000,
        startedAt: 1020,
        endedAt: 1020,
        durationMs: 0,
      },
    });
  });

  it("times a step from the chunk with its output start to the chunk with its end", () => {
    const [before, after] = goldenBash.threeLines.split("two\r\n");
    const step = stepsOf(run([goldenBash.startup, before, "two\r\n", after]))[0];
    expect(step).toMatchObject({
      promptAt: 1000,
      startedAt: 1010,
      endedAt: 1030,
      durationMs: 20,
      observationAnsi: "one\r\ntwo\r\nthree\r\n",
    });
  });

  it("makes no step of Ctrl-C at the prompt or an empty Enter, but reports each new prompt", () => {
    const events = run([goldenBash.startup, goldenBash.ctrlCAtPrompt, goldenBash.emptyEnter]);
    expect(events.map((e) => e.type)).toEqual(["prompt", "prompt", "prompt"]);
  });

  it("records a failing command as not admissible, with its exit code", () => {
    const [step] = stepsOf(run([goldenBash.startup, goldenBash.failing]));
    expect(step).toMatchObject({ action: "ls /nope", exitCode: 2, admissible: false });
  });

  it("reports bash's continuation prompt, and a rejected line becomes the next step without running", () => {
    const parser = createMarkParser({ nonce: GOLDEN_NONCE });
    const segmenter = createStepSegmenter({ maxObservationBytes: MiB, now: () => 0 });
    const push = (chunk: string, at: number) => segmenter.push(parser.push(chunk), at);
    push(goldenBash.startup, 1000);
    const first = stepsOf(push(goldenBash.echo, 1010));
    const waiting = push(`echo "hello\r\n${mark("633;F")}> `, 1020);
    expect(waiting).toEqual([{ type: "continuation", at: 1020 }]);
    const [rejected] = stepsOf(segmenter.reject('echo "hello', "bash: syntax error", 2, 1030));
    expect(rejected).toMatchObject({
      index: first[0].index + 1,
      action: 'echo "hello',
      observation: "bash: syntax error",
      exitCode: 2,
      admissible: false,
      startedAt: 1030,
      durationMs: 0,
    });
    expect(stepsOf(push(goldenBash.failing, 1040)).map((s) => s.index)).toEqual([rejected.index + 1]);
  });

  it("numbers steps on across ignored prompts", () => {
    const steps = stepsOf(
      run([goldenBash.startup, goldenBash.echo, goldenBash.ctrlCAtPrompt, goldenBash.emptyEnter, goldenBash.failing]),
    );
    expect(steps.map((s) => [s.index, s.action])).toEqual([
      [0, 'echo "a b"'],
      [1, "ls /nope"],
    ]);
  });

  it("gives the same steps however the session is split into chunks", () => {
    const expected = stepsOf(run([goldenBashSession])).map(({ promptAt, startedAt, endedAt, durationMs, ...rest }) => rest);
    const splits = fc.uniqueArray(fc.integer({ min: 1, max: goldenBashSession.length - 1 }), { maxLength: 60 });
    fc.assert(
      fc.property(splits, (cuts) => {
        const at = [0, ...cuts.sort((a, b) => a - b), goldenBashSession.length];
        const chunks = at.slice(1).map((end, i) => goldenBashSession.slice(at[i], end));
        const got = stepsOf(run(chunks)).map(({ promptAt, startedAt, endedAt, durationMs, ...rest }) => rest);
        expect(got).toEqual(expected);
      }),
      { numRuns: 300 },
    );
    for (let cut = 1; cut < goldenBashSession.length; cut++) {
      const got = stepsOf(run([goldenBashSession.slice(0, cut), goldenBashSession.slice(cut)])).map(
        ({ promptAt, startedAt, endedAt, durationMs, ...rest }) => rest,
      );
      expect(got).toEqual(expected);
    }
  });

  it("survives a 10 MB flood: bounded, truncated on a character boundary, with the right exit code", () => {
    const parser = createMarkParser({ nonce: GOLDEN_NONCE });
    const cap = 64 * 1024;
    const segmenter = createStepSegmenter({ maxObservationBytes: cap, now: () => 0 });
    const events: SegmenterEvent[] = [];
    const feed = (chunk: string) => events.push(...segmenter.push(parser.push(chunk), 5));
    feed(goldenBash.startup + `yes é${"\r\n"}${ESC}[?2004l\r${mark("633;E;yes é")}${mark("133;C")}`);
    const block = "é\r\n".repeat(16 * 1024); // 64 KiB of UTF-8 per chunk
    for (let sent = 0; sent < 10 * MiB; sent += 64 * 1024) feed(block.slice(1)); // odd start: cuts land inside "é"
    feed(`^C\r\n${mark("133;D;130")}${mark("133;A")}$ ${mark("133;B")}`);
    const [step] = stepsOf(events);
    expect(step).toMatchObject({ action: "yes é", exitCode: 130, admissible: false, truncated: true });
    expect(Buffer.byteLength(step.observationAnsi)).toBeLessThanOrEqual(cap);
    expect(Buffer.byteLength(step.observationAnsi)).toBeGreaterThan(cap - 4);
    expect(Buffer.byteLength(step.observation)).toBeLessThanOrEqual(cap);
    expect(step.observationAnsi).not.toMatch(/[\ud800-\udfff]/); // no half character
    expect(step.outputBytes).toBeGreaterThan(10 * MiB - 1000);
    expect(events.at(-1)).toEqual({ type: "prompt", at: 5 });
  });

  it("ends a command whose end mark never came when the next prompt starts (exit code unknown)", () => {
    const stream = `${mark("633;E;ls /nope")}${mark("133;C")}partial${mark("133;A")}$ ${mark("133;B")}`;
    const [step] = stepsOf(run([stream]));
    expect(step).toMatchObject({ action: "ls /nope", observation: "partial", exitCode: null, admissible: false });
  });

  it("takes a 133;D without an exit code as unknown, not admissible", () => {
    const [step] = stepsOf(run([`${mark("633;E;ls /nope")}${mark("133;C")}out\r\n${mark("133;D")}`]));
    expect(step).toMatchObject({ exitCode: null, admissible: false, observation: "out\n" });
  });

  it("still makes a step when output starts with no command line mark, and says so", () => {
    const events = run([`${mark("133;C")}out\r\n${mark("133;D;0")}`]);
    expect(events[0]).toMatchObject({ type: "commandStarted", action: "", actionProblem: "missing" });
    expect(stepsOf(events)[0]).toMatchObject({ action: "", actionProblem: "missing", exitCode: 0, observation: "out\n" });
  });

  it("keeps a command line that could not be unescaped as it came, and says so", () => {
    const [step] = stepsOf(run([`${mark(`633;E;ls \\q`)}${mark("133;C")}${mark("133;D;0")}`]));
    expect(step).toMatchObject({ action: "ls \\q", actionProblem: "undecoded" });
  });

  it("forgets a command line whose output never started", () => {
    const events = run([`${mark("633;E;ls /nope")}${mark("133;A")}${mark("133;B")}${mark("133;C")}${mark("133;D;0")}`]);
    expect(stepsOf(events)[0]).toMatchObject({ action: "", actionProblem: "missing" });
  });

  it("ends a command still running when the stream ends (exit), with exit code unknown", () => {
    const parser = createMarkParser({ nonce: GOLDEN_NONCE });
    const segmenter = createStepSegmenter({ maxObservationBytes: 100, now: () => 9 });
    segmenter.push(parser.push(`exit\r\n${mark("633;E;exit")}${mark("133;C")}logout\r\n`), 5);
    expect(segmenter.end()).toEqual([
      {
        type: "stepCompleted",
        step: expect.objectContaining({
          action: "exit",
          observation: "logout\n",
          exitCode: null,
          admissible: false,
          startedAt: 5,
          endedAt: 9,
        }),
      },
    ]);
    expect(segmenter.end()).toEqual([]);
  });

  it("uses now() when no time is given", () => {
    let clock = 42;
    const parser = createMarkParser({ nonce: GOLDEN_NONCE });
    const segmenter = createStepSegmenter({ maxObservationBytes: 100, now: () => clock });
    segmenter.push(parser.push(`${mark("633;E;ls /nope")}${mark("133;C")}`));
    clock = 50;
    const [ev] = segmenter.push(parser.push(`${mark("133;D;0")}`));
    expect(ev).toMatchObject({ step: { startedAt: 42, endedAt: 50, durationMs: 8 } });
  });

  it("keeps a step's structured result (633;R), split across chunks, and ignores a forged or broken one", () => {
    const rows = { columns: ["name"], rows: [["Ann"], ["Bo"]] };
    const r = (json: unknown, nonce?: string) => mark(`633;R;${Buffer.from(JSON.stringify(json)).toString("base64")}`, nonce);
    const signed = r(rows);
    const events = run([
      `${mark("633;E;select name from t;")}${mark("133;C")}+------+\r\n`,
      signed.slice(0, 20),
      `${signed.slice(20)}${r({ rows: [["forged"]] }, "0".repeat(32))}| Ann  |\r\n${mark("133;D;0")}`,
      `${mark("633;E;select 1;")}${mark("133;C")}${mark("633;R;not base64!")}1\r\n${mark("133;D;0")}`,
    ]);
    const [first, second] = stepsOf(events);
    expect(first.result).toEqual(rows);
    expect(first.observation).toBe("+------+\n| Ann  |\n");
    expect(second.result).toBeNull();
  });
});
