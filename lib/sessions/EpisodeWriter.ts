import type { Db } from "../db";
import type { Prisma } from "../db/generated/client";

// Persists an episode as it happens: terminal events in short batches (so a flood does not become a
// query per chunk), each step at once when it completes. Nothing waits for submit.

export interface EventRow {
  seq: number;
  time: number;
  code: string;
  data: string;
}

export interface StepRow {
  index: number;
  action: string;
  observation: string;
  observationAnsi: string | null;
  truncated: boolean;
  exitCode: number | null;
  admissible: boolean | null;
  /** The console's structured result (633;R), JSON. */
  result?: unknown;
  reward?: number | null;
  thought?: string | null;
  plan?: string | null;
  startedAt: Date;
  durationMs: number;
  castStart: number | null;
  castEnd: number | null;
}

// Long enough that a typing player costs 5 inserts a second, not 25 (each one is CPU taken from every
// live terminal of the process); short enough that a spectator who joins fills the gap between the
// database and the live feed within its repair tries (useReplaySession: 10 × 60 ms).
const FLUSH_MS = 200;
const MAX_BATCH = 500;

export class EpisodeWriter {
  private pending: EventRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private failed: Error | null = null;

  constructor(private readonly prisma: Db, readonly episodeId: string, private readonly onError: (err: Error) => void) {}

  event(row: EventRow): void {
    this.pending.push(row);
    if (this.pending.length >= MAX_BATCH) this.flushEvents();
    else this.timer ??= setTimeout(() => this.flushEvents(), FLUSH_MS);
  }

  step(step: StepRow, turns: number): Promise<void> {
    this.flushEvents();
    return this.enqueue(async () => {
      await this.prisma.$transaction([
        this.prisma.step.create({ data: { episodeId: this.episodeId, ...step, result: step.result == null ? undefined : (step.result as Prisma.InputJsonValue) } }),
        this.prisma.episode.update({ where: { id: this.episodeId }, data: { turns } }),
      ]);
    });
  }

  /** Any other write, ordered after what came before it. */
  write<T>(fn: (prisma: Db) => Promise<T>): Promise<T> {
    this.flushEvents();
    return this.enqueue(() => fn(this.prisma)) as Promise<T>;
  }

  /** Wait until everything handed over so far is stored. */
  async drain(): Promise<void> {
    this.flushEvents();
    await this.chain;
  }

  private flushEvents(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length === 0) return;
    const rows = this.pending;
    this.pending = [];
    void this.enqueue(() => insertEvents(this.prisma, this.episodeId, rows));
  }

  private enqueue(fn: () => Promise<unknown>): Promise<void> {
    const next = this.chain.then(fn).then(
      () => undefined,
      (err: Error) => {
        // Report once; later writes still try (a transient database hiccup should not end the episode).
        if (!this.failed) this.onError(err);
        this.failed = err;
      },
    );
    this.chain = next;
    return next;
  }
}

/**
 * One statement with four array parameters, whatever the batch's length: a third of the CPU of
 * createMany (which builds and checks five parameters a row), paid every FLUSH_MS by every typing
 * episode on the same thread as every live terminal's echo.
 */
function insertEvents(prisma: Db, episodeId: string, rows: EventRow[]): Promise<number> {
  return prisma.$executeRaw`INSERT INTO "TerminalEvent" ("episodeId", "seq", "time", "code", "data")
    SELECT ${episodeId}, * FROM unnest(${rows.map((r) => r.seq)}::int[], ${rows.map((r) => r.time)}::float8[], ${rows.map((r) => r.code)}::text[], ${rows.map((r) => r.data)}::text[])`;
}
