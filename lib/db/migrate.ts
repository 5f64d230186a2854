import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";

// Applies prisma/migrations/* at start-up without the Prisma CLI, which cannot fetch its native
// engine offline (PLATFORM.md). Prisma's own schema engine, compiled to WebAssembly, does the work
// and records each migration in _prisma_migrations, so `prisma migrate deploy` agrees with it.

type Engine = {
  applyMigrations(input: unknown): Promise<{ appliedMigrationNames: string[] }>;
  diff(input: unknown): Promise<{ exitCode: number; stdout: string | null }>;
  free(): void;
};

async function loadEngineModule() {
  // The package imports its .wasm as an ES module, which Node 20 cannot do: instantiate it by hand.
  const require = createRequire(import.meta.url);
  const pkgDir = path.dirname(require.resolve("@prisma/schema-engine-wasm"));
  const bg = await import(path.join(pkgDir, "schema_engine_bg.js"));
  const bytes = readFileSync(path.join(pkgDir, "schema_engine_bg.wasm"));
  const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": bg });
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
  return bg as { SchemaEngine: { new: (o: unknown, cb: (...a: unknown[]) => void, adapter: unknown) => Promise<Engine> } };
}

let enginePromise: ReturnType<typeof loadEngineModule> | undefined;

/**
 * The pg adapter, except that a migration's script reaches PostgreSQL whole (one simple query:
 * one implicit transaction). The adapter's own cuts it at every ";", which breaks a function body.
 */
class WholeScriptPg extends PrismaPg {
  private readonly opened: { dispose(): Promise<void> }[] = [];

  override async connect() {
    const adapter = await super.connect();
    this.opened.push(adapter);
    const pool = adapter.underlyingDriver();
    adapter.executeScript = async (script: string) => {
      try {
        await pool.query(script);
      } catch (err) {
        (adapter as unknown as { onError(e: unknown): never }).onError(err);
      }
    };
    return adapter;
  }

  /** End the pools the engine opened (engine.free() leaves them open). */
  async close(): Promise<void> {
    await Promise.all(this.opened.splice(0).map((a) => a.dispose().catch(() => {})));
  }
}

/**
 * The schema engine on the database at `url`; close() frees it and ends its connections. Until they
 * end, the session that applied the migrations keeps holding Prisma's migration lock (a PostgreSQL
 * advisory lock, pg_advisory_lock(72707369)): the pool closed it only when idle for 10 s, and every
 * other migration of that database (the CLI's, a second Plateau's) waited that long.
 */
export async function openSchemaEngine(url: string, schema?: string): Promise<Engine & { close(): Promise<void> }> {
  enginePromise ??= loadEngineModule();
  const { SchemaEngine } = await enginePromise;
  const pg = new WholeScriptPg({ connectionString: url });
  const datamodels: [string, string][] | undefined = schema ? [["schema.prisma", schema]] : undefined;
  const engine = await SchemaEngine.new({ datamodels }, () => {}, bindMigrationAwareSqlAdapterFactory(pg));
  return Object.assign(engine, {
    async close() {
      engine.free();
      await pg.close();
    },
  });
}

export function migrationsList(dir: string) {
  const names = existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const lockPath = path.join(dir, "migration_lock.toml");
  return {
    baseDir: dir,
    lockfile: { path: "migration_lock.toml", content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: names.map((name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok", value: readFileSync(path.join(dir, name, "migration.sql"), "utf8") },
      },
    })),
  };
}

/** Apply every migration not yet applied. Returns the names applied now. */
export async function applyMigrations(url: string, dir = path.resolve("prisma/migrations")): Promise<string[]> {
  const engine = await openSchemaEngine(url);
  try {
    const out = await engine.applyMigrations({
      migrationsList: migrationsList(dir),
      filters: { externalTables: [], externalEnums: [] },
    });
    return out.appliedMigrationNames;
  } catch (err) {
    throw new Error(
      `a database migration failed: ${describe(err)}. Nothing after it was applied; fix the migration or the database and start again.`,
    );
  } finally {
    await engine.close();
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) return err.message;
  try {
    return JSON.stringify(err);
  } catch {
    return String(err);
  }
}
