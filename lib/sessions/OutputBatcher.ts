// Sends terminal output to the page at once when it trickles (a keystroke's echo must not wait),
// and in batches when it floods (one message per few milliseconds instead of one per chunk).
// wetty loses ~2 ms per echo to an always-on batching timer; this one only starts under load.

export class OutputBatcher {
  private buffer = "";
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastSent = -Infinity;

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
    const t = this.now();
    if (t - this.lastSent >= this.windowMs) {
      this.lastSent = t;
      this.send(data);
      return;
    }
    this.buffer = data;
    this.timer = setTimeout(() => this.flush(), this.windowMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.buffer) return;
    const data = this.buffer;
    this.buffer = "";
    this.lastSent = this.now();
    this.send(data);
  }
}
