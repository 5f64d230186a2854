import path from "node:path";
import { createPrisma, type Db } from "./client";
import { startEmbeddedPostgres } from "./embedded";
import { applyMigrations } from "./migrate";

export type { Db } from "./client";
export { Prisma } from "./client";

export interface Database {
  prisma: Db;
  /** A connection of its own for the health check, so it answers while the pool is taken (imports, a flood of requests). */
  probe: Db;
  url: string;
  /** "embedded" when Plateau started its own PostgreSQL, else "external". */
  kind: "embedded" | "external";
  close(): Promise<void>;
  /** The embedded server's process id, which is also its process group's (null: external). */
  pid: number | null;
  /** A forced stop: the embedded server shuts down at once, without waiting (it recovers at its next start). */
  kill(): void;
}

export interface OpenOptions {
  /** Use this server; default: DATABASE_URL, else an embedded server. */
  url?: string;
  /** Embedded server's data folder (default $PLATEAU_DATA_DIR/postgres, .data/postgres) and port (default PLATEAU_PG_PORT or 5433). */
  dataDir?: string;
  port?: number;
  migrationsDir?: string;
}

/** Connect (starting the embedded server if needed) and bring the schema up to date. */
export async function openDatabase(opts: OpenOptions = {}): Promise<Database> {
  const external = "url" in opts ? opts.url : process.env.DATABASE_URL;
  const embedded = external
    ? undefined
    : await startEmbeddedPostgres(
        opts.dataDir ?? path.resolve(process.env.PLATEAU_DATA_DIR ?? ".data", "postgres"),
        opts.port ?? Number(process.env.PLATEAU_PG_PORT ?? 5433),
      );
  const url = external ?? embedded!.url;
  try {
    await applyMigrations(url, opts.migrationsDir);
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
  const prisma = createPrisma(url);
  const probe = createPrisma(url, 1);
  return {
    prisma,
    probe,
    url,
    kind: embedded ? "embedded" : "external",
    pid: embedded?.pid ?? null,
    async close() {
      await Promise.all([prisma.$disconnect(), probe.$disconnect()]);
      await embedded?.stop();
    },
    kill: () => embedded?.kill(),
  };
}
