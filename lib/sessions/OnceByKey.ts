// The same request twice (a double click on Play, a resubmitted form) gets the first one's answer:
// the first call with a key runs, later calls with that key within `ttlMs` share its result. A
// failure is not kept, so trying again really tries again.

export class OnceByKey<T> {
  private seen = new Map<string, { at: number; result: Promise<T> }>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly now = () => Date.now(),
  ) {}

  run(key: string, fn: () => Promise<T>): Promise<T> {
    const t = this.now();
    for (const [k, v] of this.seen) if (t - v.at > this.ttlMs) this.seen.delete(k);
    const hit = this.seen.get(key);
    if (hit) return hit.result;
    const result = fn();
    this.seen.set(key, { at: t, result });
    result.catch(() => this.seen.delete(key));
    return result;
  }
}
