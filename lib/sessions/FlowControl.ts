// Back-pressure between a sandbox TTY and those who read its output (as ttyd does), counting the
// bytes each was sent and has not acknowledged yet. Two kinds of reader:
// - gating: the player's page and the server's screen mirror. Above HIGH, the TTY is paused, so
//   the process inside blocks on write instead of filling the server's memory; it resumes once
//   every gating reader is below LOW.
// - spectators: never waited for. One above HIGH is left behind: it is sent nothing more until it
//   has caught up (below LOW), and then the screen as it is now instead of what it missed. A
//   spectator that never acknowledges is thus dropped, and costs the episode nothing.

export interface FlowEvents {
  pause(): void;
  resume(): void;
  /** A spectator left behind has caught up: send it the current screen, then output again. */
  caughtUp(readerId: string): void;
}

interface Reader {
  unacked: number;
  gates: boolean;
  behind: boolean;
}

export class FlowControl {
  private readers = new Map<string, Reader>();
  private paused = false;

  constructor(
    private readonly on: FlowEvents,
    private readonly high = 512 * 1024,
    private readonly low = 64 * 1024,
  ) {}

  /** Start counting for a reader; `gates`: the TTY waits for it. */
  add(readerId: string, gates: boolean): void {
    this.readers.set(readerId, { unacked: 0, gates, behind: false });
  }

  sent(readerId: string, bytes: number): void {
    const r = this.readers.get(readerId);
    if (!r) return;
    r.unacked += bytes;
    if (r.unacked <= this.high) return;
    if (!r.gates) r.behind = true;
    else if (!this.paused) {
      this.paused = true;
      this.on.pause();
    }
  }

  acked(readerId: string, bytes: number): void {
    const r = this.readers.get(readerId);
    if (!r) return;
    r.unacked = Math.max(0, r.unacked - bytes);
    if (r.behind && r.unacked < this.low) {
      r.behind = false;
      this.on.caughtUp(readerId);
    }
    this.check();
  }

  /** A reader that leaves no longer holds the TTY back. */
  remove(readerId: string): void {
    this.readers.delete(readerId);
    this.check();
  }

  /** A spectator left behind: send it nothing until it catches up. */
  isBehind(readerId: string): boolean {
    return this.readers.get(readerId)?.behind ?? false;
  }

  private check(): void {
    if (!this.paused) return;
    for (const r of this.readers.values()) if (r.gates && r.unacked >= this.low) return;
    this.paused = false;
    this.on.resume();
  }
}
