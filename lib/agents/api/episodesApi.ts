import { z } from "zod";
import type { Db } from "../../db";
import type { EpisodeOwner, SessionManager } from "../../sessions/SessionManager";
import { isPlayError } from "../../sessions/PlayError";
import { EXECUTIONS } from "../../sessions/ActionExecutor";
import type { EpisodeResult } from "../../sessions/protocol";
import { actOnce } from "../actOnce";
import { isSubmitAction } from "../types";
import { submitAsTyped } from "../../environments/isSubmit";
import { resolveTask } from "../tasks/selectTasks";
import type { ApiEpisodes } from "./ApiEpisodes";

// The session API for programs, InterCode-style: reset (create) → step* → submit → close. Every
// action is typed into the episode's live terminal, so it is watched, recorded and scored exactly
// like a person's. Handlers return {status, body}; the routes only authenticate and serialise.

export interface ApiDeps {
  prisma: Db;
  sessions: SessionManager;
  episodes: ApiEpisodes;
}

export type ApiAnswer = { status: number; body: unknown };

export const MAX_ACTION_CHARS = 64 * 1024;

export const CreateEpisodeBody = z
  .object({
    env: z.enum(["bash", "sql", "python", "ctf"]).default("bash"),
    task: z.union([
      z.number().int().positive(),
      z.string().trim().min(1).max(120),
      z.object({ dataset: z.string().trim().min(1).max(100), index: z.number().int().min(0) }).strict(),
    ]),
    turnLimit: z.number().int().min(1).max(100).default(10),
    timeoutMs: z.number().int().min(100).max(600_000).default(10_000),
    /** `terminal`: typed into the live shell; `intercode`: each action a `bash -c` as root, as InterCode ran it. */
    execution: z.enum(EXECUTIONS).default("terminal"),
    model: z.string().trim().min(1).max(200).optional(),
    strategy: z.string().trim().min(1).max(80).optional(),
    playerName: z.string().trim().min(1).max(80).optional(),
  })
  .strict();
export type CreateEpisodeBody = z.infer<typeof CreateEpisodeBody>;

export const StepBody = z
  .object({
    action: z
      .string()
      .max(MAX_ACTION_CHARS, `an action is at most ${MAX_ACTION_CHARS} characters`)
      .refine((a) => a.trim().length > 0, "the action is empty")
      .refine(
        (a) => !/[\x00-\x08\x0b-\x1f\x7f]/.test(a.replace(/\r\n/g, "\n")),
        "the action has control characters (only tab and newline are allowed)",
      ),
  })
  .strict();

const err = (status: number, error: string): ApiAnswer => ({ status, body: { error } });
const OTHER_TOKEN = "this episode was opened with another API token";

export async function createEpisode(
  d: ApiDeps,
  tokenId: string,
  body: CreateEpisodeBody,
  owner: EpisodeOwner,
): Promise<ApiAnswer> {
  const task = await resolveTask(d.prisma, body.env, body.task);
  if (typeof task === "string") return err(/does not exist/.test(task) ? 404 : 400, task);
  let started;
  try {
    started = await d.sessions.start({
      taskId: task.id,
      playerKind: "agent",
      playerName: body.playerName ?? null,
      model: body.model ?? null,
      strategy: body.strategy ?? null,
      turnLimit: body.turnLimit,
      commandTimeoutMs: body.timeoutMs,
      execution: body.execution,
      owner,
      apiTokenId: tokenId,
    });
  } catch (e) {
    if (isPlayError(e)) return err(e.status, e.message);
    throw e;
  }
  d.episodes.add(started.episodeId, { tokenId, taskId: task.id, timeoutMs: body.timeoutMs, turnLimit: body.turnLimit });
  if (d.episodes.size > 200) d.episodes.prune((id) => !!d.sessions.get(id));
  await started.session.whenReady();
  return {
    status: 201,
    body: {
      episodeId: started.episodeId,
      observation: task.query,
      info: {
        taskId: task.id,
        environment: task.environment,
        dataset: task.dataset,
        index: task.index,
        turn: 0,
        turnLimit: body.turnLimit,
        timeoutMs: body.timeoutMs,
        execution: body.execution,
        watchUrl: `/play/${task.id}?episode=${started.episodeId}`,
        replayUrl: `/episodes/${started.episodeId}`,
      },
    },
  };
}

/** The live session of an API episode this token owns, or the answer to give instead. */
async function owned(d: ApiDeps, tokenId: string, episodeId: string) {
  const entry = d.episodes.get(episodeId);
  const session = d.sessions.get(episodeId);
  if (entry && entry.tokenId !== tokenId) return err(403, "this episode was opened with another API token");
  if (entry && session) return { entry, session };
  const ep = await d.prisma.episode.findUnique({ where: { id: episodeId }, select: { status: true, apiTokenId: true } });
  if (!ep) return err(404, `episode ${episodeId} not found`);
  if (ep.apiTokenId && ep.apiTokenId !== tokenId) return err(403, OTHER_TOKEN);
  if (!entry && ep.status === "active")
    return err(403, "this episode is not driven through the API (a person's, or a batch run's)");
  return err(409, `the episode is ${ep.status}`);
}

export async function stepEpisode(d: ApiDeps, tokenId: string, episodeId: string, action: string): Promise<ApiAnswer> {
  const o = await owned(d, tokenId, episodeId);
  if ("status" in o) return o;
  const { entry, session } = o;
  if (entry.busy) return err(409, "another action of this episode is still running");
  entry.busy = true;
  try {
    const a = await actOnce(session, isSubmitAction(action) ? submitAsTyped(action) : action, entry.timeoutMs);
    if (a.kind === "ended")
      return { status: 200, body: ended(d, episodeId, a.result, "", entry.turnLimit, session.state().turns) };
    const { r } = a;
    const turns = session.state().turns;
    const info = {
      turn: turns,
      turnLimit: entry.turnLimit,
      exitCode: r.step!.exitCode,
      admissible: r.step!.admissible,
      timedOut: r.timedOut,
      truncated: r.step!.truncated,
      durationMs: r.step!.durationMs,
    };
    if (turns >= entry.turnLimit) {
      // The turn limit: scored as it stands, as InterCode's harness did with a forced submit.
      const result = await session.submit();
      return {
        status: 200,
        body: ended(d, episodeId, result, r.observation, entry.turnLimit, turns, { ...info, forcedSubmit: true }),
      };
    }
    // A submit that goes on was a wrong answer (CTF's flag): its reward is 0.
    return {
      status: 200,
      body: {
        observation: r.observation,
        reward: isSubmitAction(action) ? 0 : null,
        done: false,
        info: { ...info, status: "active" },
      },
    };
  } catch (e) {
    return err(409, (e as Error).message);
  } finally {
    entry.busy = false;
  }
}

export async function submitEpisode(d: ApiDeps, tokenId: string, episodeId: string): Promise<ApiAnswer> {
  const o = await owned(d, tokenId, episodeId);
  if ("status" in o) return o;
  const { entry, session } = o;
  if (entry.busy) return err(409, "an action of this episode is still running");
  // Typed at the prompt like a person's `submit`, unless the turn limit already blocks typing. A
  // bare submit that an environment lets go on (CTF: no flag is a wrong flag) still ends it here:
  // this endpoint is the end of the episode.
  if (!session.state().blockedReason) {
    const typed = await stepEpisode(d, tokenId, episodeId, "submit");
    if ((typed.body as { done?: boolean }).done !== false) return typed;
  }
  const result = await session.submit();
  return { status: 200, body: ended(d, episodeId, result, "", entry.turnLimit, session.state().turns) };
}

export async function closeEpisode(d: ApiDeps, tokenId: string, episodeId: string): Promise<ApiAnswer> {
  const entry = d.episodes.get(episodeId);
  if (entry && entry.tokenId !== tokenId) return err(403, OTHER_TOKEN);
  const session = entry ? d.sessions.get(episodeId) : undefined;
  if (session && !session.finalResult) {
    const result = await session.skip();
    d.episodes.delete(episodeId);
    return { status: 200, body: { episodeId, status: result.status, closed: true } };
  }
  const ep = await d.prisma.episode.findUnique({ where: { id: episodeId }, select: { status: true, apiTokenId: true } });
  if (!ep) return err(404, `episode ${episodeId} not found`);
  if (ep.apiTokenId !== tokenId) return err(403, ep.apiTokenId ? OTHER_TOKEN : "this episode is not driven through the API");
  d.episodes.delete(episodeId);
  return { status: 200, body: { episodeId, status: ep.status, closed: true } };
}

export async function getEpisode(d: ApiDeps, tokenId: string, episodeId: string): Promise<ApiAnswer> {
  const entry = d.episodes.get(episodeId);
  if (entry && entry.tokenId !== tokenId) return err(403, OTHER_TOKEN);
  const ep = await d.prisma.episode.findUnique({
    where: { id: episodeId },
    select: {
      id: true,
      apiTokenId: true,
      status: true,
      turns: true,
      turnLimit: true,
      error: true,
      taskId: true,
      playerKind: true,
      scores: { select: { mode: true, reward: true, success: true } },
    },
  });
  if (!ep) return err(404, `episode ${episodeId} not found`);
  if (ep.apiTokenId && ep.apiTokenId !== tokenId) return err(403, OTHER_TOKEN);
  const live = d.sessions.get(episodeId);
  const rewards = Object.fromEntries(ep.scores.map((s) => [s.mode, s.reward]));
  return {
    status: 200,
    body: {
      episodeId: ep.id,
      taskId: ep.taskId,
      playerKind: ep.playerKind,
      live: !!live,
      status: live ? live.state().status : ep.status,
      turns: live ? live.state().turns : ep.turns,
      turnLimit: ep.turnLimit,
      error: ep.error,
      reward: rewards.plateau ?? null,
      rewards,
      success: ep.scores.find((s) => s.mode === "plateau")?.success ?? null,
    },
  };
}

function ended(
  d: ApiDeps,
  episodeId: string,
  result: EpisodeResult,
  observation: string,
  turnLimit: number,
  turns: number,
  info: Record<string, unknown> = {},
) {
  d.episodes.delete(episodeId);
  const plateau = result.scores.find((s) => s.mode === "plateau");
  const rewards = Object.fromEntries(result.scores.map((s) => [s.mode, s.reward]));
  return {
    observation,
    reward: plateau?.reward ?? null,
    done: true,
    info: {
      turn: turns,
      turnLimit,
      ...info,
      status: result.status,
      success: plateau?.success ?? null,
      rewards,
      breakdown: plateau?.breakdown ?? null,
      error: result.error,
    },
  };
}
