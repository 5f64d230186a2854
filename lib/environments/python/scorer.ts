import { REWARD_MODES, score } from "../../rewards";
import type { Sandbox } from "../../sandbox/types";
import type { Scorer } from "../../sessions/console";
import type { ScoreView } from "../../sessions/protocol";
import type { CompletedStep } from "../../sessions/steps";
import { historyOf, judgedCodeTurn } from "./history";
import type { MbppTask } from "./mbppTask";
import { submittedName } from "./pythonConsole";
import { passed, runPrograms, testResultOf, type ProgramStep } from "./scratchRun";
import { pythonResultOf } from "./stepResult";
import { withPrivateTestsCounted } from "./shownScores";

export const PYTHON_IMAGE = "plateau/python";

const raw = (code: string): ProgramStep => ({ code });

/**
 * The step whose `test` first passed every public test: the code µCode judges. None: the state at
 * submit is judged if it passes them (a player who never ran `test`).
 */
export function firstPublicPass(steps: readonly CompletedStep[]): number | null {
  const i = steps.findIndex((s) => {
    const r = pythonResultOf(s);
    return r?.kind === "test" && r.total > 0 && r.passed === r.total;
  });
  return i < 0 ? null : i;
}

/**
 * Both of the Python scorings, computed in a scratch sandbox (never the player's: the private tests
 * must not reach anything the player can read), from the episode's inputs run again in fresh processes.
 * - intercode: InterCode's MBPP reward at `submit [name]`: the submitted function (default: the
 *   task's) bound to the gold's name, every test run in the episode's state and in a fresh one with
 *   the gold; the share whose output and error agree. plateau: the same, the gold side running its
 *   setup code after the gold rather than before (the setup may use the gold's classes).
 * - mucode: µCode's binary success: the first code that passed the public tests also passes the private ones.
 */
export function createPythonScorer(task: MbppTask, takeSandbox: (image: string) => Promise<Sandbox>): Scorer {
  return {
    async score({ steps, submitted }) {
      const scratch = await takeSandbox(PYTHON_IMAGE);
      try {
        const scores = await scorePythonEpisode(task, steps, submitted, scratch);
        // (scorePythonEpisode's whole breakdowns stay with the bench that explains gold failures)
        return { scores: scores.map((s) => withPrivateTestsCounted(s, task.publicTests.length)) };
      } finally {
        void scratch.destroy().catch(() => {});
      }
    },
  };
}

export async function scorePythonEpisode(
  task: MbppTask,
  steps: readonly CompletedStep[],
  submitted: string,
  scratch: Sandbox,
): Promise<ScoreView[]> {
  const history = historyOf(steps);
  const name = submittedName(submitted) ?? task.functionName;
  const tests = task.tests.map(raw);
  const judgedAt = firstPublicPass(steps);
  const [agentRun, goldAsInterCode, goldAsPlateau, publicAtSubmit] = await runPrograms(scratch, [
    [...history, raw(`${task.functionName} = ${name}`), raw(task.setupCode), ...tests],
    // InterCode ran the setup code before the gold: where it builds on the gold's classes (mbpp:366,
    // mbpp:926) it raised, and every test failed on the gold side. plateau runs the gold first.
    [raw(task.setupCode), raw(task.gold), ...tests],
    task.setupCode ? [raw(task.gold), raw(task.setupCode), ...tests] : [],
    judgedAt === null ? [...history, raw(task.setupCode), ...task.publicTests.map(raw)] : [],
  ]);
  const agent = agentRun.slice(-tests.length).map(testResultOf);
  const golds = { intercode: goldAsInterCode, plateau: task.setupCode ? goldAsPlateau : goldAsInterCode };
  const interCode = REWARD_MODES.map((mode) => {
    const gold = golds[mode].slice(-tests.length).map(testResultOf);
    const s = score("python", { agent, gold }, mode);
    return { ...s, breakdown: { ...s.breakdown, submittedFunction: name } as unknown as Record<string, unknown> };
  });
  return [...interCode, await scoreMuCode(task, steps, judgedAt, publicAtSubmit, scratch)];
}

async function scoreMuCode(
  task: MbppTask,
  steps: readonly CompletedStep[],
  judgedAt: number | null,
  publicAtSubmit: ReadonlyArray<unknown>,
  scratch: Sandbox,
): Promise<ScoreView> {
  const publicAtEnd = publicAtSubmit.slice(-task.publicTests.length) as Parameters<typeof passed>[0][];
  const judged = judgedAt !== null ? judgedAt : publicAtEnd.length > 0 && publicAtEnd.every(passed) ? steps.length : null;
  let privatePassed = 0;
  if (judged !== null) {
    const [run] = await runPrograms(scratch, [[...historyOf(steps, judged), raw(task.setupCode), ...task.privateTests.map(raw)]]);
    privatePassed = run.slice(-task.privateTests.length).filter(passed).length;
  }
  const success = judged !== null && privatePassed === task.privateTests.length;
  // counts only: the private tests' text and results never leave the scorer
  const breakdown = {
    publicTests: task.publicTests.length,
    privateTests: task.privateTests.length,
    judgedAtStep: judged === null ? null : judged === steps.length ? "submit" : judged,
    passedPublic: judged !== null,
    privatePassed,
  };
  const solvedAtTurn = success && judged !== null ? judgedCodeTurn(steps, judged) : null;
  return { mode: "mucode", reward: success ? 1 : 0, success, version: "mucode-1", breakdown, solvedAtTurn };
}
