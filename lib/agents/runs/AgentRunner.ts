import type { Db } from "../../db";
import type { StartOptions } from "../../sessions/SessionManager";
import { isPlayError } from "../../sessions/PlayError";
import type { EpisodeSession, PlayOutcome } from "../playEpisode";
import { playEpisode } from "../playEpisode";
import { createPolicy, maxConsecutiveErrors } from "../policies/createPolicy";
import type { Env } from "../llm/LlmSettings";
import { connectEndpoint, llmConfigFromEnv } from "../llm/LlmEndpoints";
import type { PolicyConfig } from "../policies/PolicyConfig";
import { selectTasks, SelectionError } from "../tasks/selectTasks";
import type { TaskView } from "../types";
import { ALL_RUNS_ROOM, RunEvents, runRoom, type RunProgress, type RunStatus, type RunningEpisode } from "./protocol";
import { RunInput, StoredRunConfig, modelLabel, policyConfigFor, strategyLabel } from "./RunInput";
import { noteFailures, recordStartFailure, runCounts, runsToResume, setRunStatus } from "./runStore";
import { createStepNotes } from "./stepNotes";
import type { Sandbox } from "../../sandbox/types";
import { openBestOfNSearch } from "../../environments/python/bestOfNSearch";
import type { RunLocks } from "./runLocks";

// Batch runs: play a policy over a set of tasks with a concurrency limit, each episode a live
// session like any other (watchable, recorded, scored). Everything needed to go on is in the
// database (Run.status, Run.config, the episodes), so after a restart a running run continues with
// the tasks that have no finished episode. One episode's failure is recorded on it; the run goes on.

/** What the runner needs of the session manager (SessionManager has it). */
export interface SessionStarter {
  start(opts: StartOptions): Promise<{ episodeId: string; session: EpisodeSession }>;
}

/** Where progress goes (a socket.io server has it). */
export interface ProgressSink {
  to(room: string): { emit(event: typeof RunEvents.progress, progress: RunProgress): unknown };
}

export interface AgentRunnerDeps {
  prisma: Db;
  sessions: SessionStarter;
  io?: ProgressSink | null;
  /** The server's configuration: its LLM endpoints and their keys (default: process.env). */
  env?: Env;
  fetch?: typeof fetch;
  /** A sandbox the episode does not use (Best-of-N tries its candidates there). */
  takeSandbox?: (image: string) => Promise<Sandbox>;
  /** Attempts to get a sandbox before an episode is recorded as an error. */
  startAttempts?: number;
  startRetryDelayMs?: number;
  log?: (msg: string) => void;
  /** Which server drives which run (several servers on one database); absent: this runner is the only one. */
  locks?: RunLocks;
  /** Told about every finished episode with the harness's view of it (benchmarks, tests). */
  onEpisode?: (e: { runId: string; taskId: number; episodeId: string; outcome: PlayOutcome | null }) => void;
}

export class RunInputError extends Error {
  readonly kind = "run-input";
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(message);
  }
}

/** By shape: routes are bundled with their own copy of this module, so instanceof would fail there. */
export function isRunInputError(err: unknown): err is RunInputError {
  return (
    typeof err === "object" &&
    err !== null &&
    (err as { kind?: unknown }).kind === "run-input" &&
    typeof (err as { status?: unknown }).status === "number"
  );
}

/** A run's policy ready to play: its endpoint's current address, and the key to send there. */
interface Playable {
  policy: PolicyConfig;
  apiKey: string | null;
}

interface ActiveRun {
  id: string;
  name: string;
  total: number;
  createdAt: Date;
  done: number;
  succeeded: number;
  errors: number;
  running: Map<string, RunningEpisode>;
  cancel: AbortController;
  /** Its lock went to another server (this one's lock connection was down): stop here, leave it running. */
  handedOver: boolean;
  finished: Promise<void>;
  lastEmit: number;
  emitTimer: NodeJS.Timeout | null;
}

const STEP_EMIT_MS = 250;

export class AgentRunner {
  private active = new Map<string, ActiveRun>();
  private stopping = false;
  /** Per run, the last progress emit: each waits for the one before, so watchers never see an older state last. */
  private emits = new Map<string, Promise<void>>();
  /** Runs found locked by another server (said once, not at every look). */
  private leftToOthers = new Set<string>();

  constructor(private readonly d: AgentRunnerDeps) {}

  /** Validate, store and start a run. Throws RunInputError with a message for people. */
  async create(raw: unknown): Promise<{ runId: string; name: string; total: number }> {
    const parsed = RunInput.safeParse(raw);
    if (!parsed.success)
      throw new RunInputError(parsed.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; "));
    const input = parsed.data;
    const policy = policyConfigFor(input, llmConfigFromEnv(this.d.env));
    if (typeof policy === "string") throw new RunInputError(policy);
    let taskIds: number[];
    try {
      taskIds = await selectTasks(this.d.prisma, input.env, input.tasks);
    } catch (err) {
      if (err instanceof SelectionError) throw new RunInputError(err.message);
      throw err;
    }
    const config: StoredRunConfig = {
      env: input.env,
      tasks: input.tasks,
      taskIds,
      turnLimit: input.turnLimit,
      concurrency: input.concurrency,
      timeoutMs: input.timeoutMs,
      execution: input.execution,
      policy,
      failure: null,
    };
    const model = modelLabel(policy);
    const strategy = strategyLabel(policy);
    const name = input.name ?? (await this.freeName(`${strategy}${model ? ` · ${model}` : ""} · ${input.tasks}`));
    if (input.name && (await this.d.prisma.run.findUnique({ where: { name }, select: { id: true } })))
      throw new RunInputError(`a run named "${name}" exists`, 409);
    const run = await this.d.prisma.run.create({
      data: {
        name,
        kind: "agent",
        environment: input.env,
        model,
        strategy,
        turnLimit: input.turnLimit,
        status: "running",
        config: config as object,
        total: taskIds.length,
      },
    });
    this.launch(run.id);
    return { runId: run.id, name, total: taskIds.length };
  }

  /** Continue every run left running by an earlier process, or by a server that went away. */
  async resumeAll(): Promise<string[]> {
    const ids = (await runsToResume(this.d.prisma)).filter((id) => !this.active.has(id));
    for (const id of ids) this.launch(id);
    const fresh = ids.filter((id) => !this.leftToOthers.has(id));
    if (fresh.length) this.log(`resuming ${fresh.length} agent run(s): ${fresh.join(", ")}`);
    return ids;
  }

  /** Another server took the run's lock: take no new episode of it here; it stays running, theirs. */
  handOver(runId: string): void {
    const a = this.active.get(runId);
    if (a) a.handedOver = true;
  }

  /** Stop a run: no new episodes, running ones skipped. */
  async cancel(runId: string): Promise<boolean> {
    const run = await this.d.prisma.run.findUnique({ where: { id: runId }, select: { status: true, kind: true } });
    if (!run || run.kind !== "agent") return false;
    const a = this.active.get(runId);
    if (a) {
      a.cancel.abort();
      await a.finished;
    }
    if (run.status === "running" || run.status === "queued") await setRunStatus(this.d.prisma, runId, "cancelled");
    await this.emitNow(runId);
    return true;
  }

  /** Stop taking new episodes; the runs stay "running" so the next start resumes them. */
  stop(): void {
    this.stopping = true;
    for (const a of this.active.values()) if (a.emitTimer) clearTimeout(a.emitTimer);
  }

  /** Wait for the episodes still playing (after stop(), the session manager's shutdown ends them). */
  async drain(): Promise<void> {
    await Promise.all([...this.active.values()].map((a) => a.finished));
  }

  isActive(runId: string): boolean {
    return this.active.has(runId);
  }

  async progress(runId: string): Promise<RunProgress | null> {
    const run = await this.d.prisma.run.findUnique({
      where: { id: runId },
      select: { id: true, name: true, status: true, total: true, createdAt: true, finishedAt: true, config: true, kind: true },
    });
    if (!run || run.kind !== "agent") return null;
    const a = this.active.get(runId);
    const c = a
      ? { done: a.done, succeeded: a.succeeded, errors: a.errors }
      : await runCounts(this.d.prisma, runId).then((r) => ({
          done: r.finishedTaskIds.size,
          succeeded: r.succeeded,
          errors: r.errors,
        }));
    return {
      runId: run.id,
      name: run.name,
      status: run.status as RunStatus,
      total: run.total,
      ...c,
      running: a ? [...a.running.values()] : [],
      createdAt: run.createdAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      failure: ((run.config ?? {}) as { failure?: string | null }).failure ?? null,
    };
  }

  private launch(runId: string): void {
    if (this.active.has(runId) || this.stopping) return;
    const a: ActiveRun = {
      id: runId,
      name: "",
      total: 0,
      createdAt: new Date(),
      done: 0,
      succeeded: 0,
      errors: 0,
      running: new Map(),
      cancel: new AbortController(),
      handedOver: false,
      finished: Promise.resolve(),
      lastEmit: 0,
      emitTimer: null,
    };
    this.active.set(runId, a);
    a.finished = this.execute(a)
      .catch((err: Error) => {
        this.log(`run ${runId} failed: ${err.stack ?? err.message}`);
        return setRunStatus(this.d.prisma, runId, "failed", `the runner failed: ${err.message}`).catch(() => {});
      })
      .finally(async () => {
        if (a.emitTimer) clearTimeout(a.emitTimer);
        a.running.clear();
        // The final state is out before the run stops counting as active.
        if (!this.stopping) await this.emitNow(runId);
        this.active.delete(runId);
      });
  }

  /** Play the run while holding its lock; a run another server holds is left to it. */
  private async execute(a: ActiveRun): Promise<void> {
    const locks = this.d.locks;
    if (!locks) return this.play(a);
    let mine: boolean;
    try {
      mine = await locks.tryLock(a.id);
    } catch (err) {
      this.log(
        `run ${a.id} not resumed here: its lock could not be taken (${(err as Error).message}); the next start tries again`,
      );
      return;
    }
    if (!mine) {
      if (!this.leftToOthers.has(a.id)) this.log(`run ${a.id} is played by another server on this database: left to it`);
      this.leftToOthers.add(a.id);
      return;
    }
    this.leftToOthers.delete(a.id);
    try {
      await this.play(a);
    } finally {
      await locks.unlock(a.id).catch(() => {});
    }
  }

  private async play(a: ActiveRun): Promise<void> {
    const run = await this.d.prisma.run.findUnique({ where: { id: a.id } });
    if (!run) return;
    a.name = run.name;
    a.total = run.total;
    a.createdAt = run.createdAt;
    const cfg = StoredRunConfig.safeParse(run.config);
    if (!cfg.success) {
      const issue = cfg.error.issues[0];
      await setRunStatus(
        this.d.prisma,
        a.id,
        "failed",
        `its stored configuration is not valid: ${issue?.path.join(".")}: ${issue?.message}`,
      );
      return;
    }
    const config = cfg.data;
    const play = this.playable(config.policy);
    if (typeof play === "string") {
      await setRunStatus(this.d.prisma, a.id, "failed", play);
      return;
    }
    const counts = await runCounts(this.d.prisma, a.id);
    Object.assign(a, { done: counts.finishedTaskIds.size, succeeded: counts.succeeded, errors: counts.errors });
    const queue = config.taskIds.filter((id) => !counts.finishedTaskIds.has(id));
    await this.emitNow(a.id);
    const worker = async () => {
      while (queue.length && !a.cancel.signal.aborted && !this.stopping && !a.handedOver) {
        await this.playTask(a, config, play, queue.shift()!, run.strategy ?? config.policy.policy);
      }
    };
    await Promise.all(Array.from({ length: Math.min(config.concurrency, queue.length) }, worker));
    if (this.stopping || a.handedOver) return; // left "running": the next start, or the other server, goes on
    const status: RunStatus = a.cancel.signal.aborted ? "cancelled" : "done";
    const current = await this.d.prisma.run.findUnique({ where: { id: a.id }, select: { status: true } });
    if (current?.status === "running" || current?.status === "queued") await setRunStatus(this.d.prisma, a.id, status);
  }

  /** The run's policy with its endpoint's current address and key, or why it cannot be played. */
  private playable(policy: PolicyConfig): Playable | string {
    if (!("llm" in policy)) return { policy, apiKey: null };
    const c = connectEndpoint(policy.llm, this.d.env);
    if (typeof c === "string") return `the run's LLM endpoint: ${c}`;
    return { policy: { ...policy, llm: c.settings }, apiKey: c.apiKey };
  }

  private async playTask(a: ActiveRun, config: StoredRunConfig, play: Playable, taskId: number, strategy: string): Promise<void> {
    const task = await this.d.prisma.task.findUnique({
      where: { id: taskId },
      select: { id: true, environment: true, dataset: true, index: true, query: true, gold: true, extra: true },
    });
    const model = modelLabel(config.policy);
    if (!task) {
      await this.recordFailure(a, {
        taskId,
        model,
        strategy,
        turnLimit: config.turnLimit,
        error: `task ${taskId} no longer exists`,
      });
      return;
    }
    const started = await this.startSession(a, config, task, model, strategy);
    if (!started) return;
    const { episodeId, session } = started;
    a.running.set(episodeId, { episodeId, taskId, turn: 0 });
    this.emitSoon(a, true);
    const notes = createStepNotes(this.d.prisma, episodeId);
    let outcome: PlayOutcome | null = null;
    let search: Awaited<ReturnType<typeof openBestOfNSearch>> | null = null;
    try {
      if (play.policy.policy === "best-of-n") {
        if (task.environment !== "python" || !this.d.takeSandbox)
          throw new Error("best-of-n plays Python tasks, with a scratch sandbox");
        search = await openBestOfNSearch(task, this.d.takeSandbox);
      }
      outcome = await playEpisode({
        session,
        task: task as TaskView,
        turnLimit: config.turnLimit,
        actionTimeoutMs: config.timeoutMs,
        policy: createPolicy(play.policy, {
          apiKey: play.apiKey,
          timeoutSeconds: Math.round(config.timeoutMs / 100) / 10,
          fetch: this.d.fetch,
          search: search?.search,
        }),
        maxConsecutiveErrors: maxConsecutiveErrors(config.policy),
        saveNotes: (index, n) => notes.save(index, n),
        signal: a.cancel.signal,
        onStep: ({ turn }) => {
          const r = a.running.get(episodeId);
          if (r) r.turn = turn;
          this.emitSoon(a);
        },
      });
    } catch (err) {
      const result = await session.end("error", `the harness failed: ${(err as Error).message}`).catch(() => null);
      outcome = result ? { result, turns: 0, failures: [], timings: [], forcedSubmit: false } : null;
    } finally {
      search?.dispose();
    }
    await notes.flush();
    a.running.delete(episodeId);
    this.d.onEpisode?.({ runId: a.id, taskId, episodeId, outcome });
    const status = outcome?.result.status ?? "error";
    if (status === "interrupted" || status === "abandoned") {
      // The server is stopping (or the episode was given up): not finished; a resume plays it again.
      this.emitSoon(a, true);
      return;
    }
    if (outcome && outcome.failures.length && status !== "error") {
      const text = `${outcome.failures.length} turn(s) without an action: ${outcome.failures.map((f) => `turn ${f.turn}: ${f.reason}`).join("; ")}`;
      await noteFailures(this.d.prisma, episodeId, text.slice(0, 4000)).catch(() => {});
    }
    a.done += 1;
    if (status === "error") a.errors += 1;
    if (outcome?.result.scores.find((s) => s.mode === "plateau")?.success) a.succeeded += 1;
    this.emitSoon(a, true);
  }

  private async startSession(
    a: ActiveRun,
    config: StoredRunConfig,
    task: { id: number },
    model: string | null,
    strategy: string,
  ) {
    const attempts = this.d.startAttempts ?? 3;
    let lastError = "";
    for (let i = 1; i <= attempts; i++) {
      if (a.cancel.signal.aborted || this.stopping) return null;
      try {
        const started = await this.d.sessions.start({
          taskId: task.id,
          playerKind: "agent",
          model,
          strategy,
          runId: a.id,
          turnLimit: config.turnLimit,
          commandTimeoutMs: config.timeoutMs,
          execution: config.execution,
        });
        if (this.stopping) {
          // The server began stopping while this sandbox started: not played, so a resume plays it.
          await started.session.end("interrupted", "the server stopped while the episode was starting");
          return null;
        }
        return started;
      } catch (err) {
        lastError = (err as Error).message;
        // Only a missing sandbox is worth waiting for; a task that cannot be played never will be.
        if (!(isPlayError(err) && err.status === 503)) break;
        if (i < attempts) await new Promise((r) => setTimeout(r, (this.d.startRetryDelayMs ?? 2000) * i));
      }
    }
    await this.recordFailure(a, {
      taskId: task.id,
      model,
      strategy,
      turnLimit: config.turnLimit,
      error: `the episode could not start: ${lastError}`,
    });
    return null;
  }

  private async recordFailure(
    a: ActiveRun,
    e: { taskId: number; model: string | null; strategy: string; turnLimit: number; error: string },
  ) {
    await recordStartFailure(this.d.prisma, { runId: a.id, ...e });
    a.done += 1;
    a.errors += 1;
    this.emitSoon(a, true);
  }

  private async freeName(base: string): Promise<string> {
    const stamp = new Date().toISOString().slice(0, 19).replace("T", " ");
    let name = `${base} · ${stamp}`;
    for (let n = 2; await this.d.prisma.run.findUnique({ where: { name }, select: { id: true } }); n++)
      name = `${base} · ${stamp} (${n})`;
    return name;
  }

  /** Progress at once for episode starts and ends; at most every STEP_EMIT_MS for steps. */
  private emitSoon(a: ActiveRun, now = false): void {
    if (!this.d.io || this.stopping) return;
    const wait = now ? 0 : Math.max(0, a.lastEmit + STEP_EMIT_MS - Date.now());
    if (wait === 0) {
      if (a.emitTimer) clearTimeout(a.emitTimer);
      a.emitTimer = null;
      a.lastEmit = Date.now();
      void this.emitNow(a.id);
    } else {
      a.emitTimer ??= setTimeout(() => {
        a.emitTimer = null;
        a.lastEmit = Date.now();
        void this.emitNow(a.id);
      }, wait);
    }
  }

  private emitNow(runId: string): Promise<void> {
    const io = this.d.io;
    if (!io) return Promise.resolve();
    const next = (this.emits.get(runId) ?? Promise.resolve()).then(async () => {
      const p = await this.progress(runId).catch(() => null);
      if (!p) return;
      io.to(runRoom(runId)).emit(RunEvents.progress, p);
      io.to(ALL_RUNS_ROOM).emit(RunEvents.progress, p);
    });
    this.emits.set(runId, next);
    void next.then(() => {
      if (this.emits.get(runId) === next) this.emits.delete(runId);
    });
    return next;
  }

  private log(msg: string): void {
    (this.d.log ?? ((m: string) => console.log(`plateau: ${m}`)))(msg);
  }
}
