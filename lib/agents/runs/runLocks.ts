import pg from "pg";

// Which server drives an agent run: the one holding the run's PostgreSQL advisory lock. Two servers
// on one database would otherwise both resume a run left running and play its tasks twice. The
// locks are session-level, on one connection of their own (never a pooled one held idle): they go
// when this server's connection goes (a stop, a crash), and a server that starts later takes them.
// A connection lost while this server lives is made again and its locks taken back; a lock another
// server took in the meantime is reported lost, so this server stops playing that run.

/** The first key of every run lock (pg_try_advisory_lock(int, int)); the second is the run id's hash. */
const RUN_LOCK_SPACE = 0x72756e73; // "runs"

export interface RunLocks {
  /** True when this server now drives the run (or already did); false when another server does. */
  tryLock(runId: string): Promise<boolean>;
  unlock(runId: string): Promise<void>;
  close(): Promise<void>;
}

export interface RunLocksOptions {
  log?: (msg: string) => void;
  /** A run whose lock another server took while this one's connection was down: stop playing it. */
  onLost?: (runId: string) => void;
  /** Waits before each new try to make the lost connection again (the last repeats). */
  retryDelaysMs?: number[];
}

export function createRunLocks(databaseUrl: string, opts: RunLocksOptions = {}): RunLocks {
  const log = opts.log ?? ((m: string) => console.error(`plateau: ${m}`));
  const delays = opts.retryDelaysMs ?? [250, 1000, 5000];
  const held = new Set<string>();
  let client: Promise<pg.Client> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const take = (c: pg.Client, runId: string) =>
    c
      .query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked", [RUN_LOCK_SPACE, runId])
      .then((r) => r.rows[0].locked);

  const connection = (): Promise<pg.Client> => {
    if (client) return client;
    const c = new pg.Client({ connectionString: databaseUrl, application_name: "plateau run locks" });
    c.on("error", (err) => {
      if (closed) return;
      log(`the agent runs' lock connection failed (${err.message}): connecting again to take back ${held.size} run lock(s)`);
      client = null;
      reconnect(0);
    });
    client = c.connect().then(
      () => c,
      (err: Error) => {
        client = null;
        throw err;
      },
    );
    return client;
  };

  /** Take back every held lock on a new connection; a lock now another server's is lost. */
  const reconnect = (attempt: number) => {
    if (closed || retry) return;
    retry = setTimeout(
      async () => {
        retry = null;
        if (closed) return;
        const lost: string[] = [];
        try {
          const c = await connection();
          for (const runId of [...held]) {
            if (await take(c, runId)) continue;
            held.delete(runId);
            lost.push(runId);
          }
        } catch (err) {
          log(`the agent runs' lock connection: ${(err as Error).message}; trying again`);
          reconnect(attempt + 1);
        } finally {
          // Said once every lock still this server's is taken back: whoever hears of a lost run
          // finds the others held (they were not, a moment, when each loss was said as found).
          for (const runId of lost) {
            log(`run ${runId} was taken by another server while the lock connection was down: left to it`);
            opts.onLost?.(runId);
          }
        }
      },
      delays[Math.min(attempt, delays.length - 1)],
    );
    retry.unref();
  };

  return {
    async tryLock(runId) {
      const mine = await take(await connection(), runId);
      if (mine) held.add(runId);
      return mine;
    },
    async unlock(runId) {
      held.delete(runId);
      const c = await connection();
      await c.query("SELECT pg_advisory_unlock($1, hashtext($2))", [RUN_LOCK_SPACE, runId]);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await (await c?.catch(() => null))?.end();
    },
  };
}
