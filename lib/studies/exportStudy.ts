import type { Db } from "../db";
import { positionOf } from "./participation";

// A study's episodes for analysis: CSV (an episode a row), JSONL (episodes with their steps), and
// InterCode's log format (`npx plateau import` and the paper's scripts read it back). Practice
// episodes are left out; every row says its participant and where the task stood in their order.

export type ExportFormat = "csv" | "jsonl" | "intercode";

async function studyEpisodes(prisma: Db, studyId: string) {
  return prisma.episode.findMany({
    where: { studyId, practice: false },
    orderBy: [{ participantId: "asc" }, { startedAt: "asc" }],
    select: {
      id: true,
      status: true,
      turns: true,
      turnLimit: true,
      errorRate: true,
      startedAt: true,
      endedAt: true,
      timeLimitSec: true,
      timerRule: true,
      task: { select: { id: true, environment: true, dataset: true, index: true, query: true } },
      participant: { select: { id: true, pseudonym: true, assignment: true } },
      scores: { select: { mode: true, reward: true, success: true } },
      steps: {
        orderBy: { index: "asc" },
        select: {
          index: true,
          action: true,
          observation: true,
          exitCode: true,
          admissible: true,
          reward: true,
          durationMs: true,
        },
      },
    },
  });
}

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? "" : String(v);
  // A leading = + - @ would be a formula in a spreadsheet: participants' text is not trusted.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export async function exportStudy(prisma: Db, studyId: string, format: ExportFormat): Promise<string> {
  const episodes = await studyEpisodes(prisma, studyId);
  const score = (e: (typeof episodes)[number], mode: string) => e.scores.find((s) => s.mode === mode);
  if (format === "csv") {
    const head = [
      "episode",
      "participant",
      "pseudonym",
      "position",
      "task_id",
      "dataset",
      "index",
      "status",
      "turns",
      "turn_limit",
      "time_limit_s",
      "reward_intercode",
      "success_intercode",
      "reward_plateau",
      "success_plateau",
      "started_at",
      "ended_at",
      "seconds",
    ];
    const rows = episodes.map((e) => [
      e.id,
      e.participant?.id,
      e.participant?.pseudonym,
      positionOf(e.participant, e.task.id),
      e.task.id,
      e.task.dataset,
      e.task.index,
      e.status,
      e.turns,
      e.turnLimit,
      e.timeLimitSec,
      score(e, "intercode")?.reward,
      score(e, "intercode")?.success,
      score(e, "plateau")?.reward,
      score(e, "plateau")?.success,
      e.startedAt.toISOString(),
      e.endedAt?.toISOString(),
      e.endedAt ? ((e.endedAt.getTime() - e.startedAt.getTime()) / 1000).toFixed(1) : "",
    ]);
    return [head, ...rows].map((r) => r.map(csvCell).join(",")).join("\n") + "\n";
  }
  if (format === "jsonl") {
    return (
      episodes
        .map((e) =>
          JSON.stringify({
            ...e,
            participant: e.participant && {
              id: e.participant.id,
              pseudonym: e.participant.pseudonym,
              position: positionOf(e.participant, e.task.id),
            },
          }),
        )
        .join("\n") + (episodes.length ? "\n" : "")
    );
  }
  // InterCode's experiment log: one entry per task index, turn_history as its Try Again logs have it.
  const log: Record<string, unknown> = {};
  episodes.forEach((e, i) => {
    const rewards = e.steps.map((s) => s.reward ?? 0);
    const final = score(e, "intercode")?.reward ?? 0;
    log[String(i)] = {
      environment: `ic_${e.task.environment}`,
      dataset: e.task.dataset,
      task_id: e.task.index,
      participant: e.participant?.pseudonym ?? null,
      query: e.task.query,
      turn_history: {
        actions: e.steps.map((s) => s.action),
        observations: e.steps.map((s) => s.observation),
        rewards: rewards.length ? [...rewards.slice(0, -1), final] : [],
        valid_action: e.steps.map((s) => s.admissible === true),
      },
      summary: {
        max_reward: final,
        max_reward_idx: Math.max(0, e.steps.length - 1),
        turns_taken: e.turns,
        turns_max: e.turnLimit ?? 10,
      },
    };
  });
  return JSON.stringify(log, null, 1);
}
