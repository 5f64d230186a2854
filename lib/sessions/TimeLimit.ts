// A study task's time limit. `wall`: the clock runs from the start whatever happens. `connected`:
// it runs only while the player's page is attached (paused while they are away). When it runs out,
// `onExpire` is called once. The clock is passed in, so the rule is tested without waiting.

export type TimerRule = "wall" | "connected";

export class TimeLimit {
  private usedMs = 0;
  private runningSince: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private expired = false;

  constructor(
    private readonly limitMs: number,
    readonly rule: TimerRule,
    private readonly onExpire: () => void,
    private readonly now: () => number = Date.now,
    private readonly schedule: (fn: () => void, ms: number) => ReturnType<typeof setTimeout> = (fn, ms) =>
      setTimeout(fn, ms).unref(),
  ) {
    if (rule === "wall") this.run();
  }

  /** The player's page attached (true) or left (false); only the `connected` rule listens. */
  presence(connected: boolean): void {
    if (this.rule !== "connected" || this.expired) return;
    if (connected) this.run();
    else this.pause();
  }

  leftMs(): number {
    const running = this.runningSince === null ? 0 : this.now() - this.runningSince;
    return Math.max(0, this.limitMs - this.usedMs - running);
  }

  get paused(): boolean {
    return this.runningSince === null && !this.expired;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private run(): void {
    if (this.runningSince !== null) return;
    this.runningSince = this.now();
    this.timer = this.schedule(() => this.check(), this.leftMs());
  }

  private pause(): void {
    if (this.runningSince === null) return;
    this.usedMs += this.now() - this.runningSince;
    this.runningSince = null;
    this.dispose();
  }

  private check(): void {
    this.timer = null;
    if (this.runningSince === null) return; // paused since (a timer that could not be cleared)
    if (this.leftMs() > 0) {
      this.timer = this.schedule(() => this.check(), this.leftMs());
      return;
    }
    this.expired = true;
    this.usedMs = this.limitMs;
    this.runningSince = null;
    this.onExpire();
  }
}
