import type { ScoreView } from "../../sessions/protocol";
import { solvedAt } from "../../importers/intercode/episodeFromLog";

// An episode's re-scored reward in one mode, from the turns at which InterCode scored it (every
// action, or the submit): the best turn's, as InterCode's max_reward; the first turn reaching it
// is max_reward_idx, as the importer reads a log.

export interface TurnScore {
  /** The logged step's index. */
  index: number;
  scores: ScoreView[];
}

export interface EpisodeScore {
  reward: number;
  success: boolean;
  maxRewardIdx: number;
  solvedAtTurn: number | null;
  /** The best turn's breakdown. */
  breakdown: Record<string, unknown>;
  /** This mode's reward at every scored turn. */
  turns: { index: number; reward: number | null }[];
  gold: unknown;
}

export function episodeScore(turns: readonly TurnScore[], mode: ScoreView["mode"], turnsTaken: number): EpisodeScore | null {
  let best: { index: number; score: ScoreView } | null = null;
  for (const t of turns) {
    const score = t.scores.find((s) => s.mode === mode);
    if (score && (!best || score.reward > best.score.reward)) best = { index: t.index, score };
  }
  if (!best) return null;
  const { reward, success, breakdown, gold } = best.score;
  return {
    reward,
    success,
    maxRewardIdx: best.index,
    solvedAtTurn: solvedAt(success, best.index, turnsTaken),
    breakdown,
    turns: turns.map((t) => ({ index: t.index, reward: t.scores.find((s) => s.mode === mode)?.reward ?? null })),
    gold: gold ?? null,
  };
}
