// Stopping Plateau in order, and what a forced stop leaves undone. The first signal runs the steps
// one after another; a second one (more than debounceMs later: a terminal's Ctrl-C reaches a process
// directly and again through npm, within milliseconds) or the deadline skips the rest, says what was
// skipped, and forces. Plain: the caller gives the steps, how to force and how to exit.

export interface StopStep {
  /** What the step does, as a phrase: "stopping PostgreSQL cleanly". */
  name: string;
  run(): Promise<void>;
  /** When skipped: what that leaves, if anything worth saying. */
  left?(): string | null;
}

export interface StopperOptions {
  steps: StopStep[];
  log(line: string): void;
  force(): void;
  exit(code: number): void;
  deadlineMs: number;
  debounceMs?: number;
  now?: () => number;
}

export function createStopper(o: StopperOptions): { signal(name: string): void } {
  const now = o.now ?? Date.now;
  const debounceMs = o.debounceMs ?? 1000;
  let startedAt: number | null = null;
  let current = 0;
  let done = false;

  const forced = (why: string) => {
    if (done) return;
    done = true;
    const skipped = o.steps.slice(current).map((s) => {
      const left = s.left?.();
      return left ? `${s.name} — ${left}` : s.name;
    });
    o.log(`${why}: forced stop; skipped: ${skipped.join("; ") || "nothing"}`);
    o.force();
    o.exit(1);
  };

  const run = async () => {
    const deadline = setTimeout(() => forced(`stopping took over ${Math.round(o.deadlineMs / 1000)} s`), o.deadlineMs);
    deadline.unref?.();
    for (; current < o.steps.length && !done; current++) {
      const step = o.steps[current];
      await step.run().catch((err: Error) => o.log(`${step.name}: ${err.message}`));
    }
    clearTimeout(deadline);
    if (done) return;
    done = true;
    o.log("stopped");
    o.exit(0);
  };

  return {
    signal(name: string) {
      if (startedAt === null) {
        startedAt = now();
        o.log(`${name}, stopping (${name === "SIGINT" ? "Ctrl-C" : "the signal"} again to force)`);
        void run();
      } else if (now() - startedAt > debounceMs) forced(`${name} again`);
    },
  };
}
