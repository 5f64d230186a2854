import type { Db } from "../../db";
import type { EpisodeStatus } from "../../episodes/episodeStatus";
import { listApiTokens } from "../../auth/apiTokens";
import { llmConfigFromEnv, publicEndpoints, type PublicEndpoint } from "../llm/LlmEndpoints";
import type { RunProgress, RunStatus } from "./protocol";
import { listAgentRuns, runCounts, runEpisodes, type RunEpisodeRow } from "./runStore";

// What the agent-run pages render first (then socket.io keeps them current). Plain JSON: dates as ISO strings.

export interface RunRow extends RunProgress {
  model: string | null;
  strategy: string | null;
  turnLimit: number | null;
}

export interface EpisodeRow {
  id: string;
  taskId: number;
  task: string;
  query: string;
  status: EpisodeStatus;
  turns: number;
  reward: number | null;
  success: boolean | null;
  error: string | null;
  startedAt: string;
}

/** A run's episode as the run page lists it (also what GET /api/agent-runs/{id} answers). */
export function episodeRowOf(e: RunEpisodeRow): EpisodeRow {
  return {
    id: e.id,
    taskId: e.taskId,
    task: `${e.dataset}:${e.index}`,
    query: e.query,
    status: e.status,
    turns: e.turns,
    reward: e.reward,
    success: e.success,
    error: e.error,
    startedAt: e.startedAt.toISOString(),
  };
}

/** What the start form offers: the server's configured endpoints (never a key). */
export interface LlmChoices {
  endpoints: PublicEndpoint[];
  defaultModel: string | null;
  error: string | null;
}

function llmChoices(): LlmChoices {
  const c = llmConfigFromEnv();
  return { endpoints: publicEndpoints(c), defaultModel: c.defaultModel, error: c.error };
}

/** The Agents page: every run, the tokens of `tokensOf` (null: every account's, for an admin), the configured LLM endpoints. */
export async function agentRunsPageData(prisma: Db, tokensOf: string | null) {
  const [runs, tokens] = await Promise.all([listAgentRuns(prisma), listApiTokens(prisma, tokensOf)]);
  return {
    runs: runs.map((r): RunRow => ({
      runId: r.id,
      name: r.name,
      status: r.status as RunStatus,
      total: r.total,
      done: r.done,
      succeeded: r.succeeded,
      errors: r.errors,
      running: [],
      createdAt: r.createdAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
      failure: null,
      model: r.model,
      strategy: r.strategy,
      turnLimit: r.turnLimit,
    })),
    tokens: tokens.map((t) => ({ ...t, createdAt: t.createdAt.toISOString(), lastUsedAt: t.lastUsedAt?.toISOString() ?? null })),
    llm: llmChoices(),
  };
}

export async function agentRunPageData(
  prisma: Db,
  runId: string,
  live: { progress(id: string): Promise<RunProgress | null> } | null,
) {
  const run = await prisma.run.findUnique({ where: { id: runId } });
  if (!run || run.kind !== "agent") return null;
  let progress = live ? await live.progress(runId) : null;
  if (!progress) {
    const c = await runCounts(prisma, runId);
    progress = {
      runId,
      name: run.name,
      status: run.status as RunStatus,
      total: run.total,
      done: c.finishedTaskIds.size,
      succeeded: c.succeeded,
      errors: c.errors,
      running: [],
      createdAt: run.createdAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      failure: (run.config as { failure?: string | null }).failure ?? null,
    };
  }
  const cfg = run.config as {
    tasks?: string;
    concurrency?: number;
    timeoutMs?: number;
    execution?: string;
    policy?: { llm?: { endpoint?: string; baseUrl?: string } };
  };
  return {
    progress,
    meta: {
      environment: run.environment,
      model: run.model,
      strategy: run.strategy,
      turnLimit: run.turnLimit,
      tasks: cfg.tasks ?? null,
      concurrency: cfg.concurrency ?? null,
      timeoutMs: cfg.timeoutMs ?? null,
      execution: cfg.execution ?? "terminal",
      endpoint: cfg.policy?.llm?.endpoint ?? null,
      baseUrl: cfg.policy?.llm?.baseUrl ?? null,
    },
    episodes: (await runEpisodes(prisma, runId)).map(episodeRowOf),
  };
}
