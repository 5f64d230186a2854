import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";

export type Db = PrismaClient;
export { Prisma } from "./generated/client";

/** A Prisma client on the pg driver adapter (Prisma 7 has no built-in engine). */
export function createPrisma(url: string, poolSize = 10): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: poolSize }) });
}
