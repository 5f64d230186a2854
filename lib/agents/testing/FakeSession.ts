import type { ActionResult } from "../../sessions/LiveSession";
import type { EpisodeResult, SessionState } from "../../sessions/protocol";
import type { StoppedStatus } from "../../episodes/episodeStatus";
import type { CompletedStep } from "../../sessions/steps";
import type { EpisodeSession } from "../playEpisode";

// A stand-in for a live session in unit tests of the harness and the policies: each typed action
// gets the output a function gives, turns are counted and limited like LiveSession does, and
// submit "scores" 1 when a given action was run. No sandbox, no database.

export interface FakeOutput {
  output: string;
  exitCode?: number;
  timedOut?: boolean;
}

export class FakeSession implements EpisodeSession {
  readonly id = "fake-episode";
  readonly typed: string[] = [];
  private index = 0;
  private turns = 0;
  private result: EpisodeResult | null = null;

  constructor(
    private readonly respond: (action: string) => FakeOutput = (a) => ({ output: `ran ${a}` }),
    private readonly opts: { turnLimit?: number | null; solvedBy?: string } = {},
  ) {}

  get finalResult(): EpisodeResult | null {
    return this.result;
  }

  /** How the episode ended: "typed" (submit typed at the prompt) or "button" (submit() called). */
  submitVia: "typed" | "button" | null = null;

  state(): SessionState {
    return {
      episodeId: this.id,
      status: this.result?.status ?? "active",
      turns: this.turns,
      turnLimit: this.opts.turnLimit ?? null,
      startedAt: new Date(0).toISOString(),
      busy: false,
      blockedReason: null,
      error: this.result?.error ?? null,
    };
  }

  async whenReady(): Promise<void> {}

  async runAction(action: string): Promise<ActionResult> {
    if (this.result) throw new Error(`the episode is ${this.result.status}`);
    if (this.opts.turnLimit && this.turns >= this.opts.turnLimit) throw new Error("Turn limit reached");
    this.typed.push(action);
    if (/^\s*submit\b/.test(action)) {
      this.index += 1;
      this.submitVia = "typed";
      return { step: null, observation: "", timedOut: false, done: true, result: this.finish("submitted") };
    }
    const out = this.respond(action);
    const step: CompletedStep = {
      index: this.index++,
      action,
      actionProblem: null,
      observationAnsi: out.output,
      observation: out.output,
      exitCode: out.exitCode ?? 0,
      admissible: (out.exitCode ?? 0) === 0,
      result: null,
      truncated: false,
      outputBytes: out.output.length,
      startedAt: 0,
      endedAt: 1,
      durationMs: 1,
      promptAt: 1,
    };
    this.turns += 1;
    const observation = out.timedOut ? `${out.output}\nCommand timed out` : out.output;
    return { step, observation, timedOut: !!out.timedOut, done: false, result: null };
  }

  async submit(): Promise<EpisodeResult> {
    this.submitVia ??= "button";
    return this.result ?? this.finish("submitted");
  }

  async skip(): Promise<EpisodeResult> {
    return this.result ?? this.finish("skipped");
  }

  async end(status: StoppedStatus, error?: string): Promise<EpisodeResult> {
    return this.result ?? this.finish(status, error);
  }

  private finish(status: EpisodeResult["status"], error?: string): EpisodeResult {
    const solved = this.opts.solvedBy !== undefined && this.typed.includes(this.opts.solvedBy);
    const scores =
      status === "submitted"
        ? [{ mode: "plateau" as const, reward: solved ? 1 : 0, success: solved, version: "fake", breakdown: {} }]
        : [];
    this.result = { status, scores, gold: null, error: error ?? null };
    return this.result;
  }
}
