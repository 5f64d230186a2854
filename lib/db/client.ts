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

const pools = new WeakMap<Db, pg.Pool>();

/** A Prisma client on the pg driver adapter (Prisma 7 has no built-in engine), over a pool `poolOf` gives. */
export function createPrisma(url: string, poolSize = 10): Db {
  const { connectMs, statementMs } = POOL_TIMEOUTS;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectMs,
    statement_timeout: statementMs,
    query_timeout: 2 * statementMs,
  });
  // An idle connection the server dropped is replaced at the next query; unheard, it would end the process.
  pool.on("error", () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(prisma, pool);
  return prisma;
}

/**
 * The pg pool under a client from `createPrisma` (the same connections, limits and timeouts), for a
 * hot statement that Prisma would compile again at every call: a named pg query is parsed once per
 * connection.
 */
export function poolOf(db: Db): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error("poolOf: this client was not made by createPrisma");
  return pool;
}
