import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "../db";
import type { Sandbox, SandboxDriver } from "../sandbox/types";
import type { EpisodeOwnership } from "../episodes/episodeOwner";
import { environments, type EnvironmentName } from "../environments";
import type { Execution } from "./ActionExecutor";
import type { PlayableEnvironment, TaskForPlay } from "./console";
import { EpisodeWriter, type WriterOptions } from "./EpisodeWriter";
import { EndingsToStore } from "./EndingsToStore";
import { LiveSession } from "./LiveSession";
import { PlayError } from "./PlayError";
import { DEFAULT_SANDBOX_LIMITS, sandboxLimitRefusal, type SandboxLimits } from "./sandboxLimits";
import { parseTurnLimitSetting, turnLimitOf } from "./turnLimitOf";

export { PlayError, isPlayError } from "./PlayError";

// Starts, finds and ends live episodes. One place decides which sandbox a task gets and how it is
// scored, so the play page, the agent API and batch runs all open episodes the same way.

export interface SessionConfig {
  idleTimeoutMs: number;
  maxObservationBytes: number;
  /** Terminal output and input recorded per episode; past it the recording stops with a marker. */
  maxRecordingBytes: number;
  /** The turn limit of human play started without one (turnLimitOf); null: none. */
  humanTurnLimit: number | null;
}

export const DEFAULT_SESSION_CONFIG: SessionConfig = {
  idleTimeoutMs: Number(process.env.PLATEAU_IDLE_MINUTES ?? 30) * 60_000,
  maxObservationBytes: 64 * 1024,
  maxRecordingBytes: 16 * 1024 * 1024,
  humanTurnLimit: parseTurnLimitSetting(process.env.PLATEAU_HUMAN_TURN_LIMIT),
};

/** Who an episode belongs to: the person playing, or the account whose token or run started it. */
export interface EpisodeOwner {
  userId: string;
  role: "admin" | "researcher" | "participant";
}

export interface StartOptions {
  taskId: number;
  /** Null only for episodes started by Plateau itself (tests, tools). */
  owner?: EpisodeOwner | null;
  /** Session API episodes: the token that opened it. */
  apiTokenId?: string | null;
  /** Study episodes: which study and participant, and the task's time limit (scored as it stands when it runs out). */
  study?: {
    studyId: string;
    participantId: string;
    practice: boolean;
    timeLimitSec: number | null;
    timerRule: string;
    showReward: boolean;
  } | null;
  playerKind: "human" | "agent";
  playerName?: string | null;
  model?: string | null;
  strategy?: string | null;
  runId?: string | null;
  /** Unset: a human episode gets the PLATEAU_HUMAN_TURN_LIMIT setting; null: no limit. */
  turnLimit?: number | null;
  /** Reaching turnLimit scores the episode as it stands (forcedSubmit) instead of blocking until Submit or Skip. */
  scoreAtTurnLimit?: boolean;
  commandTimeoutMs?: number | null;
  /** Agents only; default `terminal`. */
  execution?: Execution;
  cols?: number;
  rows?: number;
}

export class SessionManager {
  private live = new Map<string, LiveSession>();
  /** Whose each live (or starting) episode is, and its study's rules: what an attach checks, without a query. */
  private owners = new Map<string, EpisodeOwnership>();
  private tokens = new Map<string, Buffer>();
  private endedListeners = new Set<(episodeId: string) => void>();
  /** Starts past their checks: a shutdown lets them finish, then ends their episodes too. */
  private starting = new Set<Promise<unknown>>();
  /** Sandboxes of ended episodes still being destroyed: a shutdown waits for them. */
  private destroying = new Set<Promise<unknown>>();
  private readonly unstored: EndingsToStore;
  private accepting = true;

  constructor(
    private readonly prisma: Db,
    private readonly driver: SandboxDriver | null,
    private readonly takeSandbox: (image: string) => Promise<Sandbox>,
    private readonly playable: Partial<Record<EnvironmentName, PlayableEnvironment>>,
    private readonly config: SessionConfig = DEFAULT_SESSION_CONFIG,
    private readonly unavailableReason = "no sandbox driver is available",
    private readonly limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS,
    private readonly writerOptions: Partial<WriterOptions> = {},
  ) {
    this.unstored = new EndingsToStore(prisma);
  }

  /** Called with each episode that ends here, once everything of it is stored. */
  onEpisodeEnded(listener: (episodeId: string) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  get(episodeId: string): LiveSession | undefined {
    return this.live.get(episodeId);
  }

  /** Spectators: hear an episode played here; null when it is not live in this process. */
  subscribe(episodeId: string, listener: Parameters<LiveSession["subscribe"]>[0]): (() => void) | null {
    return this.live.get(episodeId)?.subscribe(listener) ?? null;
  }

  get size(): number {
    return this.live.size;
  }

  async start(opts: StartOptions): Promise<{ episodeId: string; playerToken: string; session: LiveSession }> {
    const task = await this.prisma.task.findUnique({ where: { id: opts.taskId } });
    if (!task) throw new PlayError(`task ${opts.taskId} does not exist`, 404);
    const env = this.playable[task.environment as EnvironmentName];
    if (!env) {
      const info = environments[task.environment as EnvironmentName]?.playable;
      throw new PlayError(info && !info.ok ? info.reason : `${task.environment} tasks cannot be played live`, 400);
    }
    // The task's own word (CTF: a file that is absent, a picoCTF server): refused here, whoever asks.
    const unplayable = env.unplayable?.(task);
    if (unplayable) throw new PlayError(`This task cannot be played: ${unplayable}.`, 409);
    if (opts.execution === "intercode" && (opts.playerKind !== "agent" || !env.executor)) {
      throw new PlayError(
        opts.playerKind !== "agent"
          ? "intercode execution is for agents (people type into the terminal)"
          : `${task.environment} tasks have no intercode execution`,
        400,
      );
    }
    if (!this.accepting) throw new PlayError("Plateau is stopping: no new episodes", 503);
    if (!this.driver) throw new PlayError(`cannot start a sandbox: ${this.unavailableReason}`, 503);
    const refused = sandboxLimitRefusal(
      this.limits,
      [...this.owners.values()].map((o) => o.userId),
      opts.owner ?? null,
    );
    if (refused) throw new PlayError(refused.message, refused.status);
    // Held from here, so concurrent starts count each other.
    const slot = `starting-${randomBytes(6).toString("hex")}`;
    this.owners.set(slot, { userId: opts.owner?.userId ?? null, study: null });
    try {
      return await awaitedAtShutdown(this.starting, this.startTask(task, env, opts));
    } finally {
      this.owners.delete(slot);
    }
  }

  private async startTask(
    task: TaskForPlay & { id: number },
    env: PlayableEnvironment,
    opts: StartOptions,
  ): Promise<{ episodeId: string; playerToken: string; session: LiveSession }> {
    const turns = turnLimitOf(opts, this.config.humanTurnLimit);
    const cols = opts.cols ?? 120;
    const rows = opts.rows ?? 32;
    const sandbox = await this.takeSandbox(env.image(task)).catch((err: Error) => {
      throw new PlayError(`cannot start a sandbox for ${env.image(task)}: ${err.message}`, 503);
    });
    // No leak on a failed start: the sandbox goes if the episode row cannot be made.
    const episode = await this.prisma.episode
      .create({
        data: {
          taskId: task.id,
          runId: opts.runId ?? null,
          playerKind: opts.playerKind,
          playerName: opts.playerName ?? null,
          model: opts.model ?? null,
          strategy: opts.strategy ?? null,
          turnLimit: turns.turnLimit,
          driver: sandbox.driver,
          sandboxId: sandbox.id,
          castWidth: cols,
          castHeight: rows,
          status: "active",
          userId: opts.owner?.userId ?? null,
          apiTokenId: opts.apiTokenId ?? null,
          execution: opts.execution ?? "terminal",
          studyId: opts.study?.studyId ?? null,
          participantId: opts.study?.participantId ?? null,
          practice: opts.study?.practice ?? false,
          timeLimitSec: opts.study?.timeLimitSec ?? null,
          timerRule: opts.study?.timeLimitSec ? opts.study.timerRule : null,
        },
      })
      .catch(async (err: Error) => {
        await sandbox.destroy().catch(() => {});
        throw new PlayError(`the episode could not be stored: ${err.message.trim().split("\n").pop()}`, 503);
      });
    const consoleEnv = env.consoleEnv?.(task);
    const openTty = (size: { cols: number; rows: number }) => sandbox.attach(size, consoleEnv ? { env: consoleEnv } : undefined);
    let tty;
    try {
      tty = await openTty({ cols, rows });
    } catch (err) {
      await sandbox.destroy().catch(() => {});
      await this.prisma.episode.update({
        where: { id: episode.id },
        data: { status: "error", error: `the sandbox terminal did not start: ${(err as Error).message}`, endedAt: new Date() },
      });
      throw new PlayError(`the sandbox terminal did not start: ${(err as Error).message}`, 503);
    }
    // The database stayed away (or refused a write): the episode ends as error, its sandbox goes, and
    // its final status is written once the database is back (EndingsToStore).
    const writer = new EpisodeWriter(
      this.prisma,
      episode.id,
      (err) => {
        console.error(`plateau: episode ${episode.id}: ${err.message}`);
        this.unstored.add(episode.id, err.message);
        void session.end("error", err.message);
      },
      this.writerOptions,
    );
    const session: LiveSession = new LiveSession({
      episodeId: episode.id,
      playerKind: opts.playerKind,
      sandbox,
      tty,
      reopenTty: openTty,
      console: env.console,
      writer,
      gold: task.gold,
      cols,
      rows,
      scorer: env.scorer(task, this.takeSandbox, { showReward: opts.study?.showReward ?? true }),
      executor: opts.execution === "intercode" ? env.executor!(sandbox, task) : null,
      ...turns,
      // A study's time limit: scored as it stands when it runs out, as at the turn limit.
      timeLimitMs: opts.study?.timeLimitSec ? opts.study.timeLimitSec * 1000 : null,
      timerRule: opts.study?.timerRule === "connected" ? "connected" : "wall",
      commandTimeoutMs: opts.commandTimeoutMs ?? null,
      idleTimeoutMs: this.config.idleTimeoutMs,
      maxObservationBytes: this.config.maxObservationBytes,
      maxRecordingBytes: this.config.maxRecordingBytes,
      onEnded: (s) => {
        this.live.delete(s.id);
        this.owners.delete(s.id);
        this.tokens.delete(s.id);
        void awaitedAtShutdown(
          this.destroying,
          sandbox.destroy().catch(() => {}),
        );
        for (const l of this.endedListeners) l(s.id);
      },
    });
    this.live.set(episode.id, session);
    this.owners.set(episode.id, {
      userId: opts.owner?.userId ?? null,
      study: opts.study ? { showReward: opts.study.showReward } : null,
    });
    const playerToken = randomBytes(24).toString("base64url");
    this.tokens.set(episode.id, digest(playerToken));
    return { episodeId: episode.id, playerToken, session };
  }

  /**
   * A live episode's owner and its study's rules, as `episodeOwner` reads them from the database (the
   * study's as the episode started: its scorer has them too); undefined when it is not live here.
   */
  liveOwner(episodeId: string): EpisodeOwnership | undefined {
    return this.live.has(episodeId) ? this.owners.get(episodeId) : undefined;
  }

  /** A new player token for a live episode (the person came back in another browser); the old one stops working. */
  reissuePlayerToken(episodeId: string): string | null {
    if (!this.live.has(episodeId)) return null;
    const token = randomBytes(24).toString("base64url");
    this.tokens.set(episodeId, digest(token));
    return token;
  }

  /** Whether this token is the one handed out when the episode started. */
  isPlayer(episodeId: string, token: string | undefined): boolean {
    const expected = this.tokens.get(episodeId);
    if (!expected || !token) return false;
    return timingSafeEqual(expected, digest(token));
  }

  /** Episodes left active by a previous process cannot continue: their steps stay, marked interrupted. */
  async markOrphansInterrupted(): Promise<number> {
    const { count } = await this.prisma.episode.updateMany({
      where: { status: "active", id: { notIn: [...this.live.keys()] } },
      data: { status: "interrupted", endedAt: new Date(), error: "the server stopped while the episode was running" },
    });
    return count;
  }

  /** End every live episode as error with this reason (their sandbox engine went away). */
  async endAll(reason: string): Promise<void> {
    await Promise.all([...this.live.values()].map((s) => s.end("error", reason).catch(() => {})));
  }

  /** Stop taking new episodes (the first step of stopping). */
  refuseNew(): void {
    this.accepting = false;
  }

  /** End every live episode as interrupted, each with every step stored, and their sandboxes destroyed. */
  async shutdown(): Promise<void> {
    this.refuseNew();
    await Promise.allSettled(this.starting);
    await Promise.all(
      [...this.live.values()].map((s) =>
        s.end("interrupted", "the server stopped while the episode was running").catch(() => {}),
      ),
    );
    // An ended episode's sandbox is destroyed in the background; the stop must not outrun it.
    await Promise.all(this.destroying);
    await this.unstored.flush();
  }

  /** Episodes whose end could not be stored yet (the database is away); given to the operator on a forced stop. */
  get unstoredEndings(): number {
    return this.unstored.size;
  }
}

/** `work`, kept in `pending` until it settles: a shutdown waits for what is there. */
function awaitedAtShutdown<T>(pending: Set<Promise<unknown>>, work: Promise<T>): Promise<T> {
  pending.add(work);
  const forget = () => void pending.delete(work);
  work.then(forget, forget);
  return work;
}

function digest(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}
