// Back-pressure between a sandbox TTY and the browsers showing it (as ttyd does): count bytes sent
// and not yet acknowledged by the page; above HIGH, pause the TTY so the process inside blocks on
// write instead of filling the server's memory; resume below LOW.

export class FlowControl {
  private outstanding = new Map<string, number>();
  private paused = false;

  constructor(
    private readonly pause: () => void,
    private readonly resume: () => void,
    private readonly high = 512 * 1024,
    private readonly low = 64 * 1024,
  ) {}

  sent(viewerId: string, bytes: number): void {
    const n = (this.outstanding.get(viewerId) ?? 0) + bytes;
    this.outstanding.set(viewerId, n);
    if (!this.paused && n > this.high) {
      this.paused = true;
      this.pause();
    }
  }

  acked(viewerId: string, bytes: number): void {
    if (!this.outstanding.has(viewerId)) return;
    this.outstanding.set(viewerId, Math.max(0, (this.outstanding.get(viewerId) ?? 0) - bytes));
    this.check();
  }

  /** A viewer that leaves no longer holds the TTY back. */
  remove(viewerId: string): void {
    this.outstanding.delete(viewerId);
    this.check();
  }

  private check(): void {
    if (!this.paused) return;
    const max = Math.max(0, ...this.outstanding.values());
    if (max < this.low) {
      this.paused = false;
      this.resume();
    }
  }
}
