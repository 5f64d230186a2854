import type { ActionResult } from "../sessions/LiveSession";
import type { EpisodeResult, SessionState } from "../sessions/protocol";
import type { StoppedStatus } from "../episodes/episodeStatus";
import { isSubmitAction, type HistoryEntry, type Policy, type TaskView } from "./types";
import { submitAsTyped } from "../environments/isSubmit";
import { actOnce, withDeadline, type Acted } from "./actOnce";

// The agent harness: ask the policy, type its action into the live session (the same terminal a
// person would type into), feed back the observation, until the policy submits or the turn limit
// ends the episode. Turns without a usable action are counted and noted, never typed.

/** What the harness needs of a live session (LiveSession has it). */
export interface EpisodeSession {
  readonly id: string;
  whenReady(): Promise<void>;
  runAction(action: string, timeoutMs: number): Promise<ActionResult>;
  submit(): Promise<EpisodeResult>;
  skip(): Promise<EpisodeResult>;
  end(status: StoppedStatus, error?: string): Promise<EpisodeResult>;
  state(): SessionState;
  readonly finalResult: EpisodeResult | null;
}

export interface StepNotesData {
  thought: string | null;
  plan: string | null;
  search?: object | null;
}

export interface TurnFailure {
  /** 1-based turn. */
  turn: number;
  reason: string;
}

export interface StepTiming {
  index: number;
  /** From typing the action to having its observation. */
  wallMs: number;
  /** The command's own time as the shell marks show it (133;C → 133;D). */
  commandMs: number;
  /** Spent inside the live session (typing, the shell's hooks, the command, its marks); the rest is the harness's own. */
  sessionMs: number;
}

export interface PlayOptions {
  session: EpisodeSession;
  policy: Policy;
  task: TaskView;
  turnLimit: number;
  actionTimeoutMs: number;
  maxConsecutiveErrors: number;
  /** Store a policy's thought/plan (and Best-of-N's search) on a step the session wrote (by episode and index). */
  saveNotes?(index: number, notes: StepNotesData): void;
  signal?: AbortSignal;
  onStep?(step: { index: number; action: string; turn: number }): void;
  /** How long past the action timeout a step may take before the episode is given up (the shell wants more input). */
  hangGraceMs?: number;
  readyTimeoutMs?: number;
}

export interface PlayOutcome {
  result: EpisodeResult;
  /** Turns used, counting turns without an action. */
  turns: number;
  failures: TurnFailure[];
  timings: StepTiming[];
  forcedSubmit: boolean;
}

export async function playEpisode(o: PlayOptions): Promise<PlayOutcome> {
  const { session } = o;
  const failures: TurnFailure[] = [];
  const timings: StepTiming[] = [];
  const history: HistoryEntry[] = [];
  let turn = 0;
  let consecutive = 0;
  let lastIndex = -1;
  const outcome = (result: EpisodeResult, forcedSubmit = false): PlayOutcome => ({
    result,
    turns: turn,
    failures,
    timings,
    forcedSubmit,
  });
  const ended = () => session.finalResult ?? session.state().status !== "active";

  const ready = await withDeadline(
    session.whenReady().then(() => true),
    o.readyTimeoutMs ?? 30_000,
  );
  if (!ready) return outcome(await session.end("error", "the sandbox shell did not show a prompt"));

  const run = async (action: string): Promise<Acted> => {
    try {
      const a = await actOnce(session, action, o.actionTimeoutMs, o.hangGraceMs);
      if (a.kind === "step")
        timings.push({ index: a.r.step!.index, wallMs: a.wallMs, commandMs: a.r.step!.durationMs, sessionMs: a.sessionMs });
      return a;
    } catch (err) {
      return { kind: "ended", result: await session.end("error", `the action could not run: ${(err as Error).message}`) };
    }
  };

  while (turn < o.turnLimit) {
    if (o.signal?.aborted) return outcome(await session.skip());
    const d = await o.policy.next(history, o.task);
    if (ended())
      return outcome(session.finalResult ?? (await session.end("error", "the episode ended while the policy was thinking")));
    if (o.signal?.aborted) return outcome(await session.skip());
    if ("error" in d) {
      turn += 1;
      consecutive += 1;
      failures.push({ turn, reason: d.error });
      history.push({ kind: "error", reason: d.error, reply: d.reply ?? null, thought: d.thought ?? null, plan: d.plan ?? null });
      if (d.fatal || consecutive >= o.maxConsecutiveErrors) {
        const why = consecutive > 1 ? `${consecutive} turns in a row without an action; last: ${d.error}` : d.error;
        return outcome(await session.end("error", why));
      }
      continue;
    }
    consecutive = 0;
    const notes: StepNotesData = { thought: d.thought ?? null, plan: d.plan ?? null, ...(d.search ? { search: d.search } : {}) };
    const hasNotes = notes.thought || notes.plan || notes.search;
    const submit = isSubmitAction(d.action);
    if (submit && hasNotes) o.saveNotes?.(lastIndex + 1, notes);
    // A submit that does not end the episode was a wrong answer the environment lets go on (CTF's
    // flag): its step is a turn like any other.
    const a = await run(submit ? submitAsTyped(d.action) : d.action);
    if (a.kind === "ended") return outcome(a.result);
    const r = a.r as ActionResult & { step: NonNullable<ActionResult["step"]> };
    turn += 1;
    lastIndex = r.step.index;
    if (hasNotes && !submit) o.saveNotes?.(r.step.index, notes);
    o.onStep?.({ index: r.step.index, action: r.step.action, turn });
    history.push({
      kind: "step",
      action: r.step.action || d.action,
      observation: r.observation,
      exitCode: r.step.exitCode,
      admissible: r.step.admissible,
      timedOut: r.timedOut,
      thought: notes.thought,
      plan: notes.plan,
      reply: d.reply ?? null,
    });
  }
  // The turn limit: submit as it stands (InterCode's harness appended a forced submit).
  return outcome(await session.submit(), true);
}
