// One timer for many owners' "do this within `ms`": with N episodes typing, their periodic work
// (storing events, feeding the screen mirror) wakes the server's thread once a period instead of N
// times. On a loaded machine each wake-up waits for a CPU, and every terminal's echo waits behind it.

export class SharedTick {
  private due = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly ms: number) {}

  /** Run `fn` at the next tick (at most `ms` from now); scheduling it again before then runs it once. */
  schedule(fn: () => void): void {
    this.due.add(fn);
    this.timer ??= setTimeout(() => this.fire(), this.ms);
  }

  cancel(fn: () => void): void {
    this.due.delete(fn);
  }

  private fire(): void {
    this.timer = null;
    const fns = [...this.due];
    this.due.clear();
    for (const fn of fns) fn();
  }
}
