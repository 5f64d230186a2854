import type { Db } from "../db";

// Episodes that ended as error because the database was away: their row still says "active". Their
// final status is written as soon as the database answers again (tried every RETRY_MS), so a restart
// does not have to guess it ("interrupted") and the replay says what happened.

const RETRY_MS = 5_000;

export class EndingsToStore {
  private reasons = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly prisma: Db) {}

  get size(): number {
    return this.reasons.size;
  }

  add(episodeId: string, reason: string): void {
    this.reasons.set(episodeId, reason);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || !this.reasons.size) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush().then(() => this.schedule());
    }, RETRY_MS);
    this.timer.unref();
  }

  /** One try for each; what fails stays for the next. */
  async flush(): Promise<void> {
    for (const [id, reason] of [...this.reasons]) {
      try {
        // Only an episode still "active": a write that made it after all is not overwritten.
        await this.prisma.episode.updateMany({
          where: { id, status: "active" },
          data: { status: "error", error: reason, endedAt: new Date() },
        });
        this.reasons.delete(id);
      } catch {
        return; // still away
      }
    }
  }
}
