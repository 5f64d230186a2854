import { pgPool, type Db } from "../db/client";
import type { StepInput } from "../episodes/step";
import type { Prisma } from "../db/generated/client";
import { isPermanentDbError, isUniqueViolation } from "../db/dbErrors";
import { pgJson, pgTerminal, pgText } from "../db/pgSafe";
import { SharedTick } from "./SharedTick";

// Persists an episode as it happens: terminal events in short batches (so a flood does not become a
// query per chunk), each step at once when it completes. Nothing waits for submit.
//
// A database hiccup does not lose or double anything: writes wait in one ordered queue and the one
// at its head is retried with backoff. Every write is idempotent on a retry (events and steps have
// primary keys; a retry that meets its own earlier, committed insert counts as stored). While the
// queue is behind, `saving` is true (the player's screen says "saving…"); past `maxQueuedBytes` it
// is `full` (the session holds the terminal back); a write that cannot be stored for `giveUpMs`
// (or that the database refuses) ends the writer: every queued write fails with the reason and
// `onGiveUp` is called once.

export interface EventRow {
  seq: number;
  time: number;
  code: string;
  data: string;
}

/** A step as the session hands it over (lib/episodes/step.ts). */
export type StepRow = Omit<StepInput, "search"> & { observation: string };

export interface WriterState {
  /** Something handed over has waited longer than `savingAfterMs` to be stored. */
  saving: boolean;
  /** The queue holds more than `maxQueuedBytes`: take no more output until it drains. */
  full: boolean;
}

export interface WriterOptions {
  /** A write not stored after this long makes the writer give up (the episode ends as error). */
  giveUpMs: number;
  /** Show "saving…" once the oldest queued write is this old. */
  savingAfterMs: number;
  maxQueuedBytes: number;
}

/**
 * The bounds Plateau states (README § Reliability): a step is written the moment it completes and
 * events within FLUSH_MS; "saving…" past 1 s; given up after PLATEAU_DB_GIVE_UP_SECONDS (30).
 */
export function defaultWriterOptions(): WriterOptions {
  return {
    giveUpMs: Number(process.env.PLATEAU_DB_GIVE_UP_SECONDS ?? 30) * 1000,
    savingAfterMs: 1000,
    maxQueuedBytes: 8 * 1024 * 1024,
  };
}

// Long enough that a typing player costs 5 inserts a second, not 25 (each one is CPU taken from every
// live terminal of the process); short enough that a spectator who joins fills the gap between the
// database and the live feed within its repair tries (useReplaySession: 10 × 60 ms).
export const FLUSH_MS = 200;
/** Every writer of the process flushes at the same tick: one wake-up a period, however many type. */
const flushTick = new SharedTick(FLUSH_MS);
const MAX_BATCH = 500;
const BACKOFF_MS = [50, 100, 250, 500, 1000, 2000];

interface Job {
  run: (prisma: Db) => Promise<unknown>;
  bytes: number;
  queuedAt: number;
  resolve: (v: unknown) => void;
  reject: (err: Error) => void;
}

export class EpisodeWriter {
  private pending: EventRow[] = [];
  private pendingBytes = 0;
  private readonly flush = () => this.flushEvents();
  private queue: Job[] = [];
  private queuedBytes = 0;
  private working = false;
  private savingTimer: NodeJS.Timeout | null = null;
  private current: WriterState = { saving: false, full: false };
  private watchers = new Set<(s: WriterState) => void>();
  private gaveUp: Error | null = null;
  private readonly o: WriterOptions;

  constructor(
    private readonly prisma: Db,
    readonly episodeId: string,
    private readonly onGiveUp: (err: Error) => void,
    options: Partial<WriterOptions> = {},
  ) {
    this.o = { ...defaultWriterOptions(), ...options };
  }

  /** Why the writer gave up, or null while it still stores. */
  get failure(): Error | null {
    return this.gaveUp;
  }

  state(): WriterState {
    return this.current;
  }

  /** Hear each change of `state()`; returns how to stop. */
  watch(listener: (s: WriterState) => void): { dispose(): void } {
    this.watchers.add(listener);
    return { dispose: () => void this.watchers.delete(listener) };
  }

  event(row: EventRow): void {
    if (this.gaveUp) return;
    this.pending.push(row);
    this.pendingBytes += row.data.length + 32;
    if (this.pending.length >= MAX_BATCH) this.flushEvents();
    else flushTick.schedule(this.flush);
  }

  /** Resolves once the step (and the episode's turn count) is stored; rejects if the writer gives up. */
  step(step: StepRow, turns: number): Promise<void> {
    this.flushEvents();
    const bytes = step.observation.length + (step.observationAnsi?.length ?? 0) + step.action.length;
    return this.enqueue(
      (p) =>
        p.$transaction([
          p.step.create({ data: storableStep(this.episodeId, step) }),
          p.episode.update({ where: { id: this.episodeId }, data: { turns } }),
        ]),
      bytes,
    ) as Promise<void>;
  }

  /** Any other write, ordered after what came before it. It must be safe to run again after a lost reply. */
  write<T>(fn: (prisma: Db) => Promise<T>): Promise<T> {
    this.flushEvents();
    return this.enqueue(fn, 256) as Promise<T>;
  }

  /** Wait until everything handed over so far is stored; rejects when the writer gave up. */
  async drain(): Promise<void> {
    this.flushEvents();
    await this.enqueue(async () => undefined, 0);
  }

  private flushEvents(): void {
    flushTick.cancel(this.flush);
    if (this.pending.length === 0) return;
    const rows = this.pending;
    const bytes = this.pendingBytes;
    this.pending = [];
    this.pendingBytes = 0;
    this.enqueue((p) => insertEvents(p, this.episodeId, rows), bytes).catch(() => {});
  }

  private enqueue(run: (prisma: Db) => Promise<unknown>, bytes: number): Promise<unknown> {
    if (this.gaveUp) return Promise.reject(this.gaveUp);
    return new Promise((resolve, reject) => {
      this.queue.push({ run, bytes, queuedAt: Date.now(), resolve, reject });
      this.queuedBytes += bytes;
      this.update();
      if (!this.working) void this.work();
    });
  }

  private async work(): Promise<void> {
    this.working = true;
    while (this.queue.length && !this.gaveUp) {
      const job = this.queue[0];
      const outcome = await this.attempt(job);
      this.queue.shift();
      this.queuedBytes -= job.bytes;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.err);
      this.update();
    }
    this.working = false;
  }

  /** One job until it is stored, fails for good, or the database stays away past giveUpMs. */
  private async attempt(job: Job): Promise<{ ok: true; value: unknown } | { ok: false; err: Error }> {
    for (let tries = 0; ; tries++) {
      try {
        return { ok: true, value: await job.run(this.prisma) };
      } catch (e) {
        const err = e as Error;
        // A retry that meets its own insert: the earlier try was committed and its answer lost.
        if (tries > 0 && isUniqueViolation(err)) return { ok: true, value: undefined };
        // A refused write is a bug, not weather: the episode cannot be stored as played either way.
        const why = isPermanentDbError(err)
          ? `the database refused a write of this episode (${firstLine(err.message)})`
          : Date.now() - job.queuedAt >= this.o.giveUpMs
            ? `the database could not store this episode for ${Math.round(this.o.giveUpMs / 1000)} s (${firstLine(err.message)})`
            : null;
        if (why) {
          this.giveUp(new Error(why));
          return { ok: false, err: this.gaveUp! };
        }
        await new Promise((r) => setTimeout(r, BACKOFF_MS[Math.min(tries, BACKOFF_MS.length - 1)]));
      }
    }
  }

  private giveUp(err: Error): void {
    this.gaveUp = err;
    flushTick.cancel(this.flush);
    this.pending = [];
    // The head job is answered by attempt(); the rest fail now with the same reason.
    for (const job of this.queue.splice(1)) job.reject(err);
    this.queuedBytes = this.queue.reduce((s, j) => s + j.bytes, 0);
    this.update();
    this.onGiveUp(err);
  }

  /** Recompute saving/full; tell the watchers when either changes. */
  private update(): void {
    const oldest = this.queue[0]?.queuedAt;
    const behindMs = oldest === undefined ? 0 : Date.now() - oldest;
    const next: WriterState = {
      saving: !this.gaveUp && behindMs >= this.o.savingAfterMs,
      full: !this.gaveUp && this.queuedBytes > this.o.maxQueuedBytes,
    };
    if (this.savingTimer) clearTimeout(this.savingTimer);
    this.savingTimer = null;
    if (oldest !== undefined && !next.saving && !this.gaveUp)
      this.savingTimer = setTimeout(() => this.update(), this.o.savingAfterMs - behindMs);
    if (next.saving === this.current.saving && next.full === this.current.full) return;
    this.current = next;
    for (const w of this.watchers) w(next);
  }
}

/** A step as PostgreSQL can hold it: a NUL in its text (`head -c 8 /dev/zero`) would make the database refuse it. */
function storableStep(episodeId: string, step: StepRow): Prisma.StepUncheckedCreateInput {
  const text = (s: string | null | undefined) => (s == null ? s : pgText(s));
  return {
    episodeId,
    ...step,
    action: pgText(step.action),
    observation: pgText(step.observation),
    observationAnsi: text(step.observationAnsi),
    thought: text(step.thought),
    plan: text(step.plan),
    result: step.result == null ? undefined : (pgJson(step.result) as Prisma.InputJsonValue),
  };
}

function firstLine(s: string): string {
  return s.trim().split("\n").pop()!.slice(0, 200);
}

/**
 * One statement with four array parameters, whatever the batch's length: a third of the CPU of
 * createMany (which builds and checks five parameters a row), paid every FLUSH_MS by every typing
 * episode on the same thread as every live terminal's echo. Named, so PostgreSQL parses it once per
 * connection and Prisma does not compile it at every flush (three quarters of what `$executeRaw`
 * cost). ON CONFLICT: a batch whose earlier try committed unseen is not stored twice.
 */
const INSERT_EVENTS = {
  name: "plateau-insert-terminal-events",
  text: `INSERT INTO "TerminalEvent" ("episodeId", "seq", "time", "code", "data")
    SELECT $1::text, * FROM unnest($2::int[], $3::float8[], $4::text[], $5::text[])
    ON CONFLICT DO NOTHING`,
};

/** Stores terminal events as a live episode's writer does (also what test and bench data is seeded with). */
export async function insertEvents(prisma: Db, episodeId: string, rows: readonly EventRow[]): Promise<number> {
  const r = await pgPool(prisma).query({
    ...INSERT_EVENTS,
    values: [
      episodeId,
      rows.map((r) => r.seq),
      rows.map((r) => r.time),
      rows.map((r) => r.code),
      rows.map((r) => pgTerminal(r.data)),
    ],
  });
  return r.rowCount ?? 0;
}
