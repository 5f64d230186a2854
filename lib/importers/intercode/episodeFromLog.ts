import type { ExperimentEntry, TrajectoryEntry } from "./logSchema";
import type { ImportedEpisode, ImportedStep } from "../types";

// One log entry → one episode, with the metrics defined exactly as INTERCODE.md §6 defines them.

/** Text of an observation: strings as they are, row lists and objects as JSON, null as "". */
export function observationText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/**
 * Share of valid_action entries that are false. An empty list (an API error blocked the episode)
 * counts as 1; a missing list, or one that says nothing (Python: all null), gives null.
 */
export function errorRateOf(valid: readonly (boolean | null)[] | null | undefined): number | null {
  if (valid === null || valid === undefined) return null;
  if (valid.length === 0) return 1;
  const known = valid.filter((v) => v !== null);
  if (known.length === 0) return null;
  return known.filter((v) => v === false).length / known.length;
}

/** First turn whose reward equals the maximum (how InterCode's max_reward_idx is defined). */
function firstMaxIndex(rewards: readonly (number | null)[], max: number): number | null {
  const i = rewards.findIndex((r) => r === max);
  return i >= 0 ? i : null;
}

/**
 * The turn (1-based) by which the task was solved. ReAct logs append a forced `submit` after the
 * last allowed turn; it scores the state that turn left, so it counts as that turn.
 */
export function solvedAt(success: boolean, maxRewardIdx: number | null, turns: number): number | null {
  if (!success) return null;
  const at = maxRewardIdx === null ? turns : maxRewardIdx + 1;
  return Math.max(1, Math.min(at, Math.max(turns, 1)));
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === "string" ? value : JSON.stringify(value);
}

export function episodeFromExperiment(
  entry: ExperimentEntry,
  key: string,
  ctx: { dataset: string; taskIndex: number; turnLimit: number | null; overrideTurnLimit?: boolean },
): ImportedEpisode {
  const th = entry.turn_history;
  const s = entry.summary;
  const turns = s.turns_taken ?? th.actions.length; // Plan & Solve: the number of actions
  const steps: ImportedStep[] = th.actions.map((action, i) => {
    const v = th.valid_action?.[i];
    return {
      index: i,
      action,
      observation: observationText(th.observations[i]),
      admissible: typeof v === "boolean" ? v : null,
      reward: th.rewards[i] ?? null,
      thought: th.thoughts?.[i] ?? null,
      plan: text(th.steps?.[i]),
    };
  });
  const success = s.max_reward === 1;
  const given = s.max_reward_idx;
  const maxRewardIdx =
    given === undefined || given === null ? firstMaxIndex(th.rewards, s.max_reward) : given >= 0 ? given : null;
  const extraSummary = Object.fromEntries(
    Object.entries(s).filter(([k]) => !["max_reward", "max_reward_idx", "turns_taken", "turns_max"].includes(k)),
  );
  return {
    entry: key,
    dataset: ctx.dataset,
    taskIndex: ctx.taskIndex,
    turns,
    errorRate: errorRateOf(th.valid_action),
    turnLimit: ctx.overrideTurnLimit ? ctx.turnLimit : (s.turns_max ?? ctx.turnLimit),
    steps,
    score: {
      reward: s.max_reward,
      success,
      maxRewardIdx,
      solvedAtTurn: solvedAt(success, maxRewardIdx, turns),
      breakdown: {
        source: "log",
        ...(given === undefined ? { maxRewardIdxDerived: true } : {}),
        ...(Object.keys(extraSummary).length ? { summary: extraSummary } : {}),
        ...(entry.info !== undefined && entry.info !== null ? { info: entry.info } : {}),
      },
    },
  };
}

export function episodeFromTrajectory(
  entry: TrajectoryEntry,
  key: string,
  ctx: { dataset: string; taskIndex: number; turnLimit: number | null },
): ImportedEpisode {
  const turns = entry.trajectory.length;
  const success = entry.reward === 1;
  const maxRewardIdx = turns > 0 ? turns - 1 : null; // the environment scores the final state
  return {
    entry: key,
    dataset: ctx.dataset,
    taskIndex: ctx.taskIndex,
    turns,
    errorRate: null,
    turnLimit: ctx.turnLimit,
    steps: entry.trajectory.map((t, i) => ({
      index: i,
      action: t.action,
      observation: observationText(t.observation),
      admissible: null,
      reward: null, // the log has only the final reward (on the Score)
      thought: null,
      plan: null,
    })),
    score: {
      reward: entry.reward,
      success,
      maxRewardIdx,
      solvedAtTurn: solvedAt(success, maxRewardIdx, turns),
      breakdown: { source: "log", ...(entry.info !== undefined && entry.info !== null ? { info: entry.info } : {}) },
    },
  };
}
