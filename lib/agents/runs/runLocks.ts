import pg from "pg";

// Which server drives an agent run: the one holding the run's PostgreSQL advisory lock. Two servers
// on one database would otherwise both resume a run left running and play its tasks twice. The
// locks are session-level, on one connection of their own (never a pooled one held idle): they go
// when this server's connection goes (a stop, a crash), and a server that starts later takes them.

/** The first key of every run lock (pg_try_advisory_lock(int, int)); the second is the run id's hash. */
const RUN_LOCK_SPACE = 0x72756e73; // "runs"

export interface RunLocks {
  /** True when this server now drives the run (or already did); false when another server does. */
  tryLock(runId: string): Promise<boolean>;
  unlock(runId: string): Promise<void>;
  close(): Promise<void>;
}

export function createRunLocks(
  databaseUrl: string,
  log: (msg: string) => void = (m) => console.error(`plateau: ${m}`),
): RunLocks {
  let client: Promise<pg.Client> | null = null;
  const connection = (): Promise<pg.Client> => {
    if (client) return client;
    const c = new pg.Client({ connectionString: databaseUrl, application_name: "plateau run locks" });
    // A lost connection has lost its locks: the runs this server drives go on, and another
    // server that starts now could take them; say so.
    c.on("error", (err) => {
      log(
        `the agent runs' lock connection failed (${err.message}): another server starting now could resume the runs this one plays`,
      );
      client = null;
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
  return {
    async tryLock(runId) {
      const c = await connection();
      const r = await c.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked", [
        RUN_LOCK_SPACE,
        runId,
      ]);
      return r.rows[0].locked;
    },
    async unlock(runId) {
      const c = await connection();
      await c.query("SELECT pg_advisory_unlock($1, hashtext($2))", [RUN_LOCK_SPACE, runId]);
    },
    async close() {
      const c = client;
      client = null;
      await (await c?.catch(() => null))?.end();
    },
  };
}
