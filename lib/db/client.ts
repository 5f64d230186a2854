import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/client";

export type Db = PrismaClient;
export { Prisma } from "./generated/client";

/**
 * Pool hygiene: a connection (or a free pooled one) that does not come within CONNECT_MS fails
 * instead of waiting forever; a statement is cut by the server after STATEMENT_MS; and one whose
 * answer never comes (a server paused or cut off) fails on the client STATEMENT_MS later still.
 */
export const POOL_TIMEOUTS = {
  connectMs: Number(process.env.PLATEAU_DB_CONNECT_TIMEOUT_MS ?? 5_000),
  statementMs: Number(process.env.PLATEAU_DB_STATEMENT_TIMEOUT_MS ?? 60_000),
};

// One map per process, not per module copy: the server makes the client, and Next's bundles, which
// have their own copy of this module, are handed it.
const shared = globalThis as { [key: symbol]: WeakMap<Db, pg.Pool> | undefined };
const pools = (shared[Symbol.for("plateau.pgPools")] ??= new WeakMap());

/** A Prisma client on the pg driver adapter (Prisma 7 has no built-in engine). */
export function createPrisma(url: string, poolSize = 10): Db {
  const { connectMs, statementMs } = POOL_TIMEOUTS;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectMs,
    statement_timeout: statementMs,
    query_timeout: 2 * statementMs,
  });
  // An idle connection that fails is dropped by the pool and the next query gets a new one; Prisma
  // listens for that only once it connects, and pgPool's users may come first.
  pool.on("error", () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(prisma, pool);
  return prisma;
}

/**
 * The pg pool under a client (the same connections, limits and timeouts), for bulk writes and hot
 * statements: Prisma passes a raw query's parameters through its query interpreter (a 10,000-row
 * unnest insert took 4× as long as on pg) and compiles it again at every call, where a named pg
 * query is parsed once per connection.
 */
export function pgPool(prisma: Db): pg.Pool {
  const pool = pools.get(prisma);
  if (!pool) throw new Error("this Prisma client was not made by createPrisma");
  return pool;
}
