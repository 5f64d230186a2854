import type { Sandbox } from "../sandbox/types";
import type { ActionExecutor } from "./ActionExecutor";
import type { ScoreView } from "./protocol";
import type { CompletedStep } from "./steps";

// What a live session needs from an environment (bash, sql, python, ctf). The session itself knows
// no environment: it reads steps from the signed marks that every console program writes
// (docker/CONSOLE-PROTOCOL.md) and asks the environment's plug-in the rest: how an action is
// typed, what submit is, how to stop a command, what an agent is told, and how to score.
// An environment plugs in with a folder under lib/environments/ and one line of its registry.

/** The program on a sandbox's terminal, as the session drives it. */
export interface Console {
  /** The bytes typed for an agent's action (a person types their own). */
  typeAction(action: string): string;
  /** Whether a step's action ends the episode and scores it. */
  isSubmit(action: string): boolean;
  /**
   * An agent's action that leaves the console waiting for more once all its lines are in (a
   * continuation prompt, 633;F): it is cancelled with Ctrl-C and stored as this step. Absent: the
   * console never waits for more of an agent's action.
   */
  incomplete?: { observation: string; exitCode: number; notice: string };
  /** A command that ignores Ctrl-C for 2 s: the harder stop (bash: kill the player's processes). */
  forceStop?(sandbox: Sandbox): Promise<void>;
  /** What an agent is told a step showed (InterCode's observation); default: the step's text. */
  observationOf?(step: CompletedStep): string;
  /**
   * The console program exited (`exit`, Ctrl-D): "restart" starts a fresh one in the same sandbox
   * (files and the episode go on, with a notice); "end" ends the episode as an error.
   */
  onExit: "restart" | "end";
}

/** What an environment does at submit: score the episode's final state against the gold. */
export interface Scorer {
  score(input: { sandbox: Sandbox; steps: CompletedStep[]; submitted: string }): Promise<ScoreOutcome>;
}

export interface ScoreOutcome {
  scores: ScoreView[];
  /**
   * The answer was wrong and the environment lets the player go on (CTF: InterCode's harness played
   * on after a wrong flag): what the player and the agent are told. The submit is stored as a turn
   * with its reward, and the episode continues; absent: the episode ends with `scores`.
   */
  tryAgain?: string;
}

/** A task as the session needs it to open an episode. */
export interface TaskForPlay {
  id: number;
  environment: string;
  dataset: string;
  query: string;
  gold: string;
  fileSystem: number | null;
  db: string | null;
  extra: unknown;
}

/** How an environment plays a task live. */
export interface PlayableEnvironment {
  /** The sandbox image of a task (docker tag; the local driver's rootfs of the same name). */
  image(task: TaskForPlay): string;
  /** Environment variables of the task's console (e.g. the database it starts in); absent: none. */
  consoleEnv?(task: TaskForPlay): Record<string, string>;
  console: Console;
  /** `rules.showReward` false (a study that hides rewards): what the player is told does not name a reward. */
  scorer(task: TaskForPlay, takeSandbox: (image: string) => Promise<Sandbox>, rules?: { showReward: boolean }): Scorer;
  /** Runs actions in `intercode` execution; absent: the environment offers only `terminal`. */
  executor?(sandbox: Sandbox, task: TaskForPlay): ActionExecutor;
  /** Images to keep warm sandboxes of from start-up. */
  warmImages?(): string[];
  /** The gold policy's actions (default: the gold command, then `submit`); CTF: `submit <the flag>`. */
  goldActions?(gold: string): string[];
  /** Why this task cannot be played (its files are absent, it needs a network service); null: it can. */
  unplayable?(task: Pick<TaskForPlay, "query" | "extra">): string | null;
}
