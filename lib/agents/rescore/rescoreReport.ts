import type { Db } from "../../db";
import { LOGGED_VERSION, RESCORED_VERSION } from "../../rewards/version";
import { pgText } from "../../db/pgSafe";
import { CAUSES, observationCause, type Cause } from "./observationCause";
import { SNIPPET, type StepCheck } from "./replayEpisode";
import { asLoggedObservation, asLoggedReward } from "./replayAction";
import { taskPlayability } from "../../environments";

// What a rescore found, read back from the stored scores (so an interrupted and resumed rescore
// reports every episode, not only the last session's): the share of logged observations the
// engine reproduces, the share of logged rewards, and every disagreement grouped by its cause.

/** Rewards are compared to this tolerance: a log's 0.7100000000000001 is InterCode's 0.71 too. */
export const REWARD_TOLERANCE = 1e-9;

export interface ObservationDisagreement {
  episodeId: string;
  task: string;
  index: number;
  action: string;
  logged: string;
  now: string;
}
export interface RewardDisagreement {
  episodeId: string;
  task: string;
  logged: number;
  now: number;
  step: number | null;
}
export interface CauseGroup<T> {
  cause: string;
  text: string;
  count: number;
  items: T[];
}

export interface RescoreReport {
  episodes: number;
  rescored: number;
  steps: { compared: number; equal: number; share: number | null; submits: number; refused: number };
  rewards: { compared: number; equal: number; share: number | null };
  observations: CauseGroup<ObservationDisagreement>[];
  rewardDisagreements: CauseGroup<RewardDisagreement>[];
  /** Episodes without a re-scored reward, by why. */
  notRescored: { reason: string; count: number }[];
}

/** What a re-scored Score's breakdown holds under `rescore`, beside the reward's own breakdown. */
export interface RescoreDetail {
  replayEpisodeId: string;
  turns: { index: number; reward: number | null }[];
  steps?: StepCheck[];
}

export interface ReportRow {
  episodeId: string;
  task: string;
  environment: string;
  actions: string[];
  logged: number | null;
  rescored: { reward: number; steps: StepCheck[] } | null;
  /** Why the task cannot be played (CTF: a file absent, a picoCTF server); null: it can. */
  unplayable: string | null;
}

const SAME_OBSERVATIONS = "state";
const SAME_OBSERVATIONS_TEXT = "same observations, another reward: the file system or database state, or the gold's run, differs";

export function buildRescoreReport(rows: readonly ReportRow[], playable: readonly string[]): RescoreReport {
  const obs = new Map<string, ObservationDisagreement[]>();
  const rew = new Map<string, RewardDisagreement[]>();
  const not = new Map<string, number>();
  const steps = { compared: 0, equal: 0, share: null as number | null, submits: 0, refused: 0 };
  const rewards = { compared: 0, equal: 0, share: null as number | null };
  const push = <T>(m: Map<string, T[]>, k: string, v: T) => m.set(k, [...(m.get(k) ?? []), v]);
  for (const r of rows) {
    if (!r.rescored) {
      const why = !playable.includes(r.environment)
        ? `${r.environment} does not play live yet`
        : r.unplayable
          ? `unplayable: ${r.unplayable}`
          : "not replayed yet (interrupted, or its replay failed: run rescore again)";
      not.set(why, (not.get(why) ?? 0) + 1);
      continue;
    }
    for (const c of r.rescored.steps) {
      if (c.kind === "submit") steps.submits += 1;
      if (c.kind === "refused") steps.refused += 1;
      if (c.kind !== "ran") continue;
      steps.compared += 1;
      if (!c.cause) steps.equal += 1;
      else
        push(obs, c.cause, {
          episodeId: r.episodeId,
          task: r.task,
          index: c.index,
          action: r.actions[c.index] ?? "",
          logged: c.logged ?? "",
          now: c.now ?? "",
        });
    }
    if (r.logged === null) continue;
    rewards.compared += 1;
    if (Math.abs(r.logged - r.rescored.reward) <= REWARD_TOLERANCE) {
      rewards.equal += 1;
      continue;
    }
    const first = r.rescored.steps.find((c) => c.cause);
    push(rew, first?.cause ?? SAME_OBSERVATIONS, {
      episodeId: r.episodeId,
      task: r.task,
      logged: r.logged,
      now: r.rescored.reward,
      step: first?.index ?? null,
    });
  }
  steps.share = steps.compared ? steps.equal / steps.compared : null;
  rewards.share = rewards.compared ? rewards.equal / rewards.compared : null;
  const groups = <T>(m: Map<string, T[]>, text: (cause: string) => string): CauseGroup<T>[] =>
    [...m]
      .map(([cause, items]) => ({ cause, text: text(cause), count: items.length, items }))
      .sort((a, b) => b.count - a.count || a.cause.localeCompare(b.cause));
  return {
    episodes: rows.length,
    rescored: rows.filter((r) => r.rescored).length,
    steps,
    rewards,
    observations: groups(obs, (c) => CAUSES[c as Cause]),
    // A reward that differs is put down to the first step whose observation differs, if any.
    rewardDisagreements: groups(rew, (c) =>
      c === SAME_OBSERVATIONS ? SAME_OBSERVATIONS_TEXT : `observations differ — ${CAUSES[c as Cause]}`,
    ),
    notRescored: [...not].map(([reason, count]) => ({ reason, count })),
  };
}

/**
 * The report of an imported run. Each step's cause is found again from the two stored
 * observations (the logged step's, the replay's), so a better rule applies to earlier rescores
 * too; the check stored at replay time stands in where the replay's step is missing.
 */
export async function readRescoreReport(prisma: Db, runId: string, playable: readonly string[]): Promise<RescoreReport> {
  const eps = await prisma.episode.findMany({
    where: { runId },
    orderBy: [{ task: { dataset: "asc" } }, { task: { index: "asc" } }, { id: "asc" }],
    select: {
      id: true,
      strategy: true,
      task: { select: { dataset: true, index: true, environment: true, query: true, extra: true } },
      scores: {
        where: { mode: "intercode", version: { in: [LOGGED_VERSION, RESCORED_VERSION] } },
        select: { version: true, reward: true, breakdown: true },
      },
      steps: { orderBy: { index: "asc" }, select: { action: true, observation: true } },
    },
  });
  const detail = (e: (typeof eps)[number]) =>
    (e.scores.find((s) => s.version === RESCORED_VERSION)?.breakdown as { rescore?: RescoreDetail } | undefined)?.rescore;
  const replayIds = eps.flatMap((e) => detail(e)?.replayEpisodeId ?? []);
  const replaySteps = new Map<string, { action: string; observation: string }>();
  for (const s of await prisma.step.findMany({
    where: { episodeId: { in: replayIds } },
    select: { episodeId: true, index: true, action: true, observation: true },
  })) {
    replaySteps.set(`${s.episodeId}:${s.index}`, s);
  }
  return buildRescoreReport(
    eps.map((e) => {
      const logged = e.scores.find((s) => s.version === LOGGED_VERSION);
      const re = e.scores.find((s) => s.version === RESCORED_VERSION);
      const d = detail(e);
      const steps = (d?.steps ?? []).map((c): StepCheck => {
        const now = c.kind === "ran" ? replaySteps.get(`${d!.replayEpisodeId}:${c.replayIndex}`) : undefined;
        const then = e.steps[c.index]?.observation;
        if (!now || then === undefined) return c;
        const text = pgText(asLoggedObservation(e.strategy, now.observation));
        const cause = observationCause(now.action, then, text);
        return {
          index: c.index,
          kind: c.kind,
          replayIndex: c.replayIndex,
          cause,
          ...(cause ? { logged: then.slice(0, SNIPPET), now: text.slice(0, SNIPPET) } : {}),
        };
      });
      return {
        episodeId: e.id,
        task: `${e.task.dataset}:${e.task.index}`,
        environment: e.task.environment,
        actions: e.steps.map((s) => s.action),
        logged: logged?.reward ?? null,
        rescored: re ? { reward: asLoggedReward(e.task.environment, e.strategy, re), steps } : null,
        unplayable: re ? null : unplayableReason(e.task),
      };
    }),
    playable,
  );
}

function unplayableReason(task: { environment: string; query: string; extra: unknown }): string | null {
  const p = taskPlayability(task);
  return p.ok ? null : p.reason;
}
