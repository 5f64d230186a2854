import type { LiveEvent } from "./liveProtocol";

/**
 * Puts a live episode's events in seq order without holes. Events come from two places: pushed by
 * the server as they happen, and loaded from the database (which stores them a few milliseconds
 * later). An event seen twice is dropped; one that arrives after a hole waits until the hole is
 * filled (the page then loads the events after `lastSeq`), or until the page gives up on it.
 */
export class SeqMerger {
  private waiting = new Map<number, LiveEvent>();

  constructor(public lastSeq: number) {}

  /** The events that follow on from what was applied, in order. */
  push(events: readonly LiveEvent[]): LiveEvent[] {
    for (const e of events) if (e.seq > this.lastSeq) this.waiting.set(e.seq, e);
    const ready: LiveEvent[] = [];
    for (let next = this.waiting.get(this.lastSeq + 1); next; next = this.waiting.get(this.lastSeq + 1)) {
      this.waiting.delete(next.seq);
      this.lastSeq = next.seq;
      ready.push(next);
    }
    return ready;
  }

  /** Some events wait for earlier ones that have not arrived. */
  get hasHole(): boolean {
    return this.waiting.size > 0;
  }

  /** Give up on the missing seqs: everything waiting, in order. */
  skipHole(): LiveEvent[] {
    const rest = [...this.waiting.values()].sort((a, b) => a.seq - b.seq);
    this.waiting.clear();
    if (rest.length) this.lastSeq = rest[rest.length - 1].seq;
    return rest;
  }
}
