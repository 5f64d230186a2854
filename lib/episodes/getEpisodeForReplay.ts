import { z } from "zod";
import type { Db } from "../db";
import type { Identity } from "../auth/identity";
import { canSeeGold, canSeeRewards } from "../auth/visibility";
import type { GoldRunView } from "../sessions/protocol";
import { taskPlayability, type Environment } from "../environments";
import type { EpisodeStatus } from "./episodeStatus";

/** An episode's header for its replay page: the task (never the gold), the player, the result in every scoring mode. Plain JSON. */
export interface EpisodeForReplay {
  id: string;
  status: EpisodeStatus;
  /** live | import */
  source: string;
  /** terminal | intercode: how the actions reached the sandbox. */
  execution: string;
  playerKind: string;
  playerName: string | null;
  model: string | null;
  strategy: string | null;
  run: { id: string; name: string } | null;
  turns: number;
  turnLimit: number | null;
  errorRate: number | null;
  driver: string | null;
  error: string | null;
  startedAt: string;
  endedAt: string | null;
  /** `playable`: whether a person can play the task live now ("Play this task" beside a logged episode), and if not why. */
  task: {
    id: number;
    environment: string;
    dataset: string;
    index: number;
    query: string;
    hardness: string | null;
    db: string | null;
    playable: Environment["playable"];
  };
  scores: EpisodeScore[];
  stepCount: number;
  /** Whether terminal events are stored; false for an episode without a recording (its replay is synthesized from the steps). */
  hasRecording: boolean;
}

export interface EpisodeScore {
  mode: string;
  reward: number;
  success: boolean;
  solvedAtTurn: number | null;
  breakdown: unknown;
  /** How the gold ran for this mode (Bash episodes scored since gold runs were stored). */
  gold: GoldRunView | null;
  version: string;
}

const StoredGoldRun = z.object({
  argv: z.array(z.string()).nullable(),
  output: z.string(),
  exitCode: z.number().int().nullable(),
  timedOut: z.boolean(),
});

export async function getEpisodeForReplay(prisma: Db, id: string): Promise<EpisodeForReplay | null> {
  if (!id || id.length > 64) return null;
  const e = await prisma.episode.findUnique({
    where: { id },
    select: {
      id: true,
      status: true,
      source: true,
      execution: true,
      playerKind: true,
      playerName: true,
      model: true,
      strategy: true,
      turns: true,
      turnLimit: true,
      errorRate: true,
      driver: true,
      error: true,
      startedAt: true,
      endedAt: true,
      run: { select: { id: true, name: true } },
      task: {
        select: { id: true, environment: true, dataset: true, index: true, query: true, hardness: true, db: true, extra: true },
      },
      scores: {
        select: { mode: true, reward: true, success: true, solvedAtTurn: true, breakdown: true, gold: true, version: true },
        orderBy: [{ mode: "asc" }, { createdAt: "asc" }],
      },
      _count: { select: { steps: true } },
      // One event says a recording exists; counting a long one's rows costs tens of ms.
      events: { select: { seq: true }, take: 1 },
    },
  });
  if (!e) return null;
  const {
    _count,
    events,
    startedAt,
    endedAt,
    scores,
    task: { extra, ...task },
    ...rest
  } = e;
  return {
    ...rest,
    // extra stays here: it is read for playability only (a Python task's hidden tests are in it).
    task: { ...task, playable: taskPlayability({ ...task, extra }) },
    scores: scores.map((s) => ({ ...s, gold: StoredGoldRun.nullable().catch(null).parse(s.gold) })),
    startedAt: startedAt.toISOString(),
    endedAt: endedAt?.toISOString() ?? null,
    stepCount: _count.steps,
    hasRecording: events.length > 0,
  };
}

/** The header as a participant sees it: rewards, but no breakdowns or gold runs (they hold the gold's state and output). */
export function withoutBreakdowns(e: EpisodeForReplay): EpisodeForReplay {
  return { ...e, scores: e.scores.map((s) => ({ ...s, breakdown: {}, gold: null })) };
}

/** The header as the caller may see it: whole for staff; else without breakdowns, and without rewards if the study hides them. */
export function replayAsSeenBy(who: Identity, e: EpisodeForReplay, study: { showReward: boolean } | null): EpisodeForReplay {
  if (canSeeGold(who)) return e;
  return canSeeRewards(who, study) ? withoutBreakdowns(e) : { ...e, scores: [] };
}
