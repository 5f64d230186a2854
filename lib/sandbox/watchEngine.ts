// Watches whether the sandbox engine answers. After `awayAfter` failed pings in a row it is away
// (live episodes cannot go on: their containers are gone or unreachable); at the first ping that
// answers again it is back (the warm pools are rebuilt and what the restart left is removed).
// Several failures, not one: on 2 busy cores a single ping can be late without anything wrong.

export interface EngineWatchOptions {
  ping(): Promise<boolean>;
  intervalMs: number;
  awayAfter: number;
  onAway(): void;
  onBack(): void;
}

export function watchEngine(o: EngineWatchOptions): { dispose(): void } {
  let failures = 0;
  let away = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const tick = async () => {
    const ok = await o.ping().catch(() => false);
    if (stopped) return;
    if (ok) {
      failures = 0;
      if (away) {
        away = false;
        o.onBack();
      }
    } else if (++failures >= o.awayAfter && !away) {
      away = true;
      o.onAway();
    }
    timer = setTimeout(() => void tick(), o.intervalMs);
    timer.unref?.();
  };
  timer = setTimeout(() => void tick(), o.intervalMs);
  timer.unref?.();
  return {
    dispose() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
