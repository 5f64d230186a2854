// Sends terminal output to the page at once when it trickles (a keystroke's echo must not wait),
// and in batches when it floods (one message per few milliseconds instead of one per chunk).
// wetty loses ~2 ms per echo to an always-on batching timer; this one only starts under load.
// A bucket of BURST sends, refilled by one every window: a chunk that follows another closely (a
// key's echo right after the line was erased) still goes at once, and a flood settles at one
// message a window.

const BURST = 2;

export class OutputBatcher {
  private buffer = "";
  private timer: ReturnType<typeof setTimeout> | null = null;
  private tokens = BURST;
  private refilledAt = -Infinity;

  constructor(
    private readonly send: (data: string) => void,
    private readonly windowMs = 4,
    private readonly now: () => number = () => performance.now(),
  ) {}

  push(data: string): void {
    if (this.timer) {
      this.buffer += data;
      return;
    }
    if (this.refill() >= 1) {
      this.tokens -= 1;
      this.send(data);
      return;
    }
    this.buffer = data;
    this.timer = setTimeout(() => this.flush(), Math.ceil((1 - this.tokens) * this.windowMs));
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.buffer) return;
    const data = this.buffer;
    this.buffer = "";
    this.tokens = Math.max(0, this.refill() - 1);
    this.send(data);
  }

  private refill(): number {
    const t = this.now();
    this.tokens = Math.min(BURST, this.tokens + (t - this.refilledAt) / this.windowMs);
    this.refilledAt = t;
    return this.tokens;
  }
}
