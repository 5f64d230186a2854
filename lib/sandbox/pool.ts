// A warm pool: N started sandboxes of one image kept ready, so an episode starts without waiting
// for a container (create+start ~170 ms, more under load). take() hands one out at once and
// refills in the background. With the docker driver, each pooled sandbox also has its login shell
// already running, so attach() returns a TTY whose first prompt is waiting.
import type { Sandbox, SandboxDriver, SandboxSpec } from "./types";

export interface WarmPool {
  readonly image: string;
  /** A ready sandbox now, or a new one as soon as it is created when the pool is empty. */
  take(): Promise<Sandbox>;
  /** How many are ready and how many are being created. */
  stats(): { ready: number; starting: number; size: number };
  /** Resolves when the pool is full (or failing). */
  whenFull(): Promise<void>;
  /** Stop refilling and destroy every pooled sandbox. */
  drain(): Promise<void>;
  /** Throw away the ready sandboxes that died (their engine restarted, say) and fill again at once. */
  rebuild(): Promise<void>;
}

interface Prewarmable {
  prewarmTty?(size: { cols: number; rows: number }): Promise<void>;
}

export interface WarmPoolOptions {
  /** Labels and env of the pooled sandboxes. */
  spec?: Omit<SandboxSpec, "image">;
  /** Size the pre-started TTY gets (attach() resizes it to the player's size). */
  ttySize?: { cols: number; rows: number };
  /** Pre-start the terminal (default true); false for an image whose console needs the task's variables. */
  prewarmTty?: boolean;
  /** Called when creating a sandbox fails (the pool backs off and tries again). */
  onError?: (err: Error) => void;
}

/** How long after a sandbox is taken the pool starts to make its replacement. */
export const REFILL_DELAY_MS = 1000;

export function createWarmPool(driver: SandboxDriver, image: string, size: number, opts: WarmPoolOptions = {}): WarmPool {
  const ready: Sandbox[] = [];
  let starting = 0;
  let draining = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  let inflight: Promise<unknown> = Promise.resolve();
  const waiters: Array<() => void> = [];

  async function make(): Promise<Sandbox> {
    const sb = await driver.create({ ...opts.spec, image });
    const pw = sb as Sandbox & Prewarmable;
    if (pw.prewarmTty && opts.prewarmTty !== false) {
      try {
        await pw.prewarmTty(opts.ttySize ?? { cols: 80, rows: 24 });
      } catch {
        /* attach() will open one then */
      }
    }
    return sb;
  }

  function notify(): void {
    waiters.splice(0).forEach((w) => w()); // each waiter re-checks and waits again if need be
  }

  function fill(): void {
    // one at a time: on 2 cores, parallel creates only slow each other down
    if (draining || retryTimer || starting > 0 || ready.length >= size) {
      notify();
      return;
    }
    starting++;
    inflight = make()
      .then(async (sb) => {
        starting--;
        failures = 0;
        if (draining) await sb.destroy().catch(() => {});
        else ready.push(sb);
        notify();
        fill();
      })
      .catch((err: Error) => {
        starting--;
        failures++;
        opts.onError?.(err);
        notify();
        const delay = Math.min(30_000, 500 * 2 ** Math.min(failures, 6));
        retryTimer = setTimeout(() => {
          retryTimer = null;
          fill();
        }, delay);
        retryTimer.unref?.();
      });
  }

  fill();

  return {
    image,
    async take(): Promise<Sandbox> {
      const sb = ready.shift();
      // Refill once the caller's own work is done: creating a sandbox forks this process (node-pty,
      // bwrap, nsenter), which stalls it for tens of ms, and the page that took one is waiting.
      setTimeout(fill, REFILL_DELAY_MS).unref?.();
      if (sb) return sb;
      return make();
    },
    stats: () => ({ ready: ready.length, starting, size }),
    whenFull(): Promise<void> {
      if (ready.length >= size || draining) return Promise.resolve();
      return new Promise((resolve) => {
        const check = () => (ready.length >= size || failures > 0 || draining ? resolve() : void waiters.push(check));
        waiters.push(check);
      });
    },
    async rebuild(): Promise<void> {
      if (draining) return;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      failures = 0;
      const checked = [...ready];
      const alive = await Promise.all(checked.map((sb) => sb.alive().catch(() => false)));
      const dead = checked.filter((_, i) => !alive[i]);
      for (const sb of dead) if (ready.includes(sb)) ready.splice(ready.indexOf(sb), 1);
      await Promise.all(dead.map((sb) => sb.destroy().catch(() => {})));
      fill();
    },
    async drain(): Promise<void> {
      draining = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      const all = ready.splice(0);
      await Promise.all(all.map((sb) => sb.destroy().catch(() => {})));
      await inflight.catch(() => {}); // a sandbox being created is destroyed when it arrives
      waiters.splice(0).forEach((w) => w());
    },
  };
}
