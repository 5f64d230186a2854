// Caps one session's terminal output rate, so a flood (`yes`, `cat /dev/urandom`) in one episode
// cannot take the server's CPU from the others: past the budget of a window, hold the TTY until
// the window ends. A person reads nothing at this rate anyway; the recording notes the cut.

export class OutputThrottle {
  private used = 0;
  private windowStart = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly hold: () => void,
    private readonly release: () => void,
    private readonly bytesPerWindow = 64 * 1024,
    private readonly windowMs = 100,
    private readonly now: () => number = () => Date.now(),
  ) {}

  consumed(bytes: number): void {
    const t = this.now();
    if (t - this.windowStart >= this.windowMs) {
      this.windowStart = t;
      this.used = 0;
    }
    this.used += bytes;
    if (this.used > this.bytesPerWindow && !this.timer) {
      this.hold();
      this.timer = setTimeout(
        () => {
          this.timer = null;
          this.windowStart = this.now();
          this.used = 0;
          this.release();
        },
        Math.max(1, this.windowMs - (t - this.windowStart)),
      );
    }
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
