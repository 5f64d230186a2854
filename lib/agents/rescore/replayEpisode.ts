import type { StartOptions } from "../../sessions/SessionManager";
import type { LiveSession } from "../../sessions/LiveSession";
import type { Scorer, TaskForPlay } from "../../sessions/console";
import type { CompletedStep } from "../../sessions/steps";
import { submitAsTyped } from "../../environments/isSubmit";
import { actOnce, withDeadline } from "../actOnce";
import { pgText } from "../../db/pgSafe";
import { observationCause, type Cause } from "./observationCause";
import { asLoggedObservation, replayActionOf, scoredEveryAction } from "./replayAction";
import type { TurnScore } from "./episodeScore";

// One logged episode replayed action by action in a fresh sandbox: an ordinary agent episode in
// `intercode` execution (SessionManager.start, LiveSession.runAction), so it is recorded, watched
// and replayed like any other. Each action's observation now is checked against the logged one;
// the state is scored when InterCode scored it (after every action, or at submit).

/** What the replay needs of Plateau: a live episode, and the task's scorer for turns before the end. */
export interface ReplayEngine {
  start(opts: StartOptions): Promise<{ episodeId: string; session: LiveSession }>;
  scorerOf(task: TaskForPlay): Scorer;
}

export interface LoggedEpisode {
  id: string;
  task: TaskForPlay;
  strategy: string | null;
  model: string | null;
  turns: number;
  steps: { index: number; action: string; observation: string }[];
}

/** One logged step, checked: `ran` steps compare observations; a submit or a refused action has none. */
export interface StepCheck {
  index: number;
  kind: "ran" | "submit" | "refused";
  /** The replay episode's step index (null: nothing ran). */
  replayIndex: number | null;
  cause: Cause | null;
  /** Both observations' beginnings, kept for a disagreement only (the whole is in the two episodes' steps). */
  logged?: string;
  now?: string;
}

export interface Replayed {
  replayEpisodeId: string;
  checks: StepCheck[];
  turns: TurnScore[];
  /** Why the replay stopped early (the sandbox, an action that never ended); null: it ran through. */
  error: string | null;
}

/** How much of each observation a disagreement keeps for the report. */
export const SNIPPET = 300;

export async function replayEpisode(
  engine: ReplayEngine,
  logged: LoggedEpisode,
  o: { runId: string; timeoutMs: number },
): Promise<Replayed> {
  const { episodeId, session } = await engine.start({
    taskId: logged.task.id,
    playerKind: "agent",
    playerName: "rescore",
    model: logged.model,
    strategy: logged.strategy,
    runId: o.runId,
    turnLimit: null,
    execution: "intercode",
    commandTimeoutMs: o.timeoutMs,
  });
  const done = (error: string | null): Replayed => ({ replayEpisodeId: episodeId, checks, turns, error });
  const checks: StepCheck[] = [];
  const turns: TurnScore[] = [];
  if (
    !(await withDeadline(
      session.whenReady().then(() => true),
      30_000,
    ))
  ) {
    await session.end("error", "the sandbox did not become ready");
    return done("the sandbox did not become ready");
  }
  const everyAction = scoredEveryAction(logged.strategy);
  const scorer = engine.scorerOf(logged.task);
  const ran: CompletedStep[] = [];
  for (const [i, step] of logged.steps.entries()) {
    const action = replayActionOf(step.action, logged.strategy, step.observation);
    if (action.kind === "refused") {
      checks.push({ index: step.index, kind: "refused", replayIndex: null, cause: null });
      continue;
    }
    // A logged submit is typed with its answer (CTF's flag), as the agent typed it.
    const acted = await actOnce(session, action.kind === "submit" ? submitAsTyped(step.action) : action.action, o.timeoutMs);
    if (action.kind === "submit") {
      checks.push({ index: step.index, kind: "submit", replayIndex: ran.length, cause: null });
      // A wrong answer the environment lets go on (CTF): scored 0 there, and the replay goes on as the episode did.
      if (acted.kind === "step") continue;
      if (acted.result.status !== "submitted") return done(acted.result.error ?? acted.result.status);
      turns.push({ index: step.index, scores: acted.result.scores });
      return done(null);
    }
    if (acted.kind === "ended") return done(acted.result.error ?? `the episode ended (${acted.result.status})`);
    // The importer stored a logged NUL as "␀" (PostgreSQL text cannot hold it): the same for the engine's.
    const now = pgText(asLoggedObservation(logged.strategy, acted.r.observation));
    const cause = observationCause(action.action, step.observation, now);
    ran.push(acted.r.step!);
    checks.push({
      index: step.index,
      kind: "ran",
      replayIndex: acted.r.step!.index,
      cause,
      ...(cause ? { logged: step.observation.slice(0, SNIPPET), now: now.slice(0, SNIPPET) } : {}),
    });
    // The last action's state is scored by the submit that ends the replay, below.
    if (everyAction && i < logged.steps.length - 1) {
      turns.push({
        index: step.index,
        scores: (await scorer.score({ sandbox: session.sandbox, steps: ran, submitted: "submit" })).scores,
      });
    }
  }
  // No submit in the log (Try Again, or a trajectory): the state as it stands, as InterCode scored it.
  const result = await session.submit();
  if (result.status !== "submitted") return done(result.error ?? result.status);
  turns.push({ index: logged.steps.at(-1)?.index ?? 0, scores: result.scores });
  return done(null);
}
