import type { Db } from "./client";

// Is the database there, and how fast does it answer? A health check must answer itself even when
// the database does not (paused, its pool taken), so the probe waits at most SLOW_MS.

export const SLOW_MS = 500;

export interface DatabaseProbe {
  /** False only when the database is away (an error): a slow database still works. */
  ok: boolean;
  /** "ok"; "slow": no answer within SLOW_MS (busy, paused, or every pooled connection taken); "away": it failed. */
  state: "ok" | "slow" | "away";
  latencyMs: number | null;
  error?: string;
}

export async function probeDatabase(prisma: Db, slowMs = SLOW_MS): Promise<DatabaseProbe> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((r) => (timer = setTimeout(() => r("late"), slowMs)));
  const query = prisma.$queryRaw`SELECT 1`.then(() => "answered" as const);
  query.catch(() => {}); // a late failure has nobody to tell
  try {
    const outcome = await Promise.race([query, late]);
    if (outcome === "late") return { ok: true, state: "slow", latencyMs: null, error: `no answer within ${slowMs} ms` };
    return { ok: true, state: "ok", latencyMs: Math.round(performance.now() - t0) };
  } catch (err) {
    return { ok: false, state: "away", latencyMs: null, error: (err as Error).message.trim().split("\n").pop() };
  } finally {
    clearTimeout(timer);
  }
}
