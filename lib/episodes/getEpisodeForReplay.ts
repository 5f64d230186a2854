import type { Db } from "../db";

/** An episode's header for its replay page: the task (never the gold), the player, the result in every scoring mode. Plain JSON. */
export interface EpisodeForReplay {
  id: string;
  status: string;
  /** live | import */
  source: string;
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
  task: { id: number; environment: string; dataset: string; index: number; query: string; hardness: string | null; db: string | null };
  scores: EpisodeScore[];
  stepCount: number;
  /** Terminal events stored; 0 for an episode without a recording (its replay is synthesized from the steps). */
  eventCount: number;
}

export interface EpisodeScore {
  mode: string;
  reward: number;
  success: boolean;
  solvedAtTurn: number | null;
  breakdown: unknown;
  version: string;
}

export async function getEpisodeForReplay(prisma: Db, id: string): Promise<EpisodeForReplay | null> {
  if (!id || id.length > 64) return null;
  const e = await prisma.episode.findUnique({
    where: { id },
    select: {
      id: true, status: true, source: true, playerKind: true, playerName: true, model: true, strategy: true, turns: true, turnLimit: true,
      errorRate: true, driver: true, error: true, startedAt: true, endedAt: true,
      run: { select: { id: true, name: true } },
      task: { select: { id: true, environment: true, dataset: true, index: true, query: true, hardness: true, db: true } },
      scores: { select: { mode: true, reward: true, success: true, solvedAtTurn: true, breakdown: true, version: true }, orderBy: { mode: "asc" } },
      _count: { select: { steps: true, events: true } },
    },
  });
  if (!e) return null;
  const { _count, startedAt, endedAt, ...rest } = e;
  return { ...rest, startedAt: startedAt.toISOString(), endedAt: endedAt?.toISOString() ?? null, stepCount: _count.steps, eventCount: _count.events };
}

/** The header as a participant sees it: rewards, but no breakdowns (they hold the gold's state and output). */
export function withoutBreakdowns(e: EpisodeForReplay): EpisodeForReplay {
  return { ...e, scores: e.scores.map((s) => ({ ...s, breakdown: {} })) };
}
