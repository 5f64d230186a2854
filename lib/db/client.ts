import { PrismaPg } from "@prisma/adapter-pg";
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

/** A Prisma client on the pg driver adapter (Prisma 7 has no built-in engine). */
export function createPrisma(url: string, poolSize = 10): Db {
  const { connectMs, statementMs } = POOL_TIMEOUTS;
  return new PrismaClient({
    adapter: new PrismaPg({
      connectionString: url,
      max: poolSize,
      connectionTimeoutMillis: connectMs,
      statement_timeout: statementMs,
      query_timeout: 2 * statementMs,
    }),
  });
}
