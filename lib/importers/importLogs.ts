import type { Db } from "../db";
import type pg from "pg";
import { pgPool } from "../db/client";
import { ImportError } from "./ImportError";
import { parseLog } from "./intercode/parseLog";
import { resolveTaskIds, taskIdsFor } from "./taskIndex";
import type { ImportHints, ParsedLog } from "./types";
import { writeRun, type Tx, type WriteProgress, type WrittenRun } from "./writeRun";

export interface ImportFile {
  /** The file's name or path: it names the Run and gives hints (model, turns, fs_N). */
  name: string;
  content: Uint8Array | string;
}

export interface ImportOptions extends ImportHints {
  /** Merge every file into one Run of this name (created, or extended when it is an import run). */
  run?: string;
}

export interface ImportReport {
  runs: WrittenRun[];
  /** Files whose content is already stored: nothing changed for them. */
  skipped: { file: string; run: string }[];
  /** Files refused, each with its entry and reason: nothing of them is stored. */
  rejected: ImportError[];
}

/** Serialises imports, so two imports of the same file cannot both pass the content-hash check. */
const IMPORT_LOCK = 0x706c6174; // "plat"

/** Logs read and checked, not stored yet: what parseFiles gives and importParsed stores. */
export interface ParsedFiles {
  parsed: ParsedLog[];
  /** Files refused while reading them (malformed, the same content twice). */
  rejected: ImportError[];
}

/**
 * Import InterCode logs. Without `run`, each file becomes its own Run in its own transaction (a bad
 * file is refused, the others are imported). With `run`, all files become one Run in one
 * transaction, and one bad file refuses them all.
 */
export async function importLogs(
  prisma: Db,
  files: ImportFile[],
  opts: ImportOptions = {},
  /** Episodes written so far across all files of this import. */
  onProgress?: (p: WriteProgress) => void,
): Promise<ImportReport> {
  return importParsed(prisma, parseFiles(files, opts), opts, onProgress);
}

/** The database-free half of an import: every file read and checked (a server does this off its event loop). */
export function parseFiles(files: ImportFile[], opts: ImportOptions = {}): ParsedFiles {
  const out: ParsedFiles = { parsed: [], rejected: [] };
  const seen = new Map<string, string>();
  for (const f of files) {
    try {
      const log = parseLog(f.name, f.content, opts);
      const twin = seen.get(log.hash);
      if (twin) out.rejected.push(new ImportError(f.name, null, `the same content as ${twin}, which is in this import too`));
      else {
        seen.set(log.hash, f.name);
        out.parsed.push(log);
      }
    } catch (err) {
      if (err instanceof ImportError) out.rejected.push(err);
      else throw err;
    }
  }
  return out;
}

/** Store what parseFiles read: the database half of importLogs. */
export async function importParsed(
  prisma: Db,
  { parsed, rejected }: ParsedFiles,
  opts: ImportOptions = {},
  onProgress?: (p: WriteProgress) => void,
): Promise<ImportReport> {
  if (opts.run !== undefined && (!opts.run.trim() || opts.run.includes(",") || opts.run.length > 200)) {
    throw new Error(
      `run name ${JSON.stringify(opts.run)}: give 1 to 200 characters without commas (commas separate run names in ?runs=a,b)`,
    );
  }
  const report: ImportReport = { runs: [], skipped: [], rejected: [...rejected] };

  const stored = await alreadyImported(
    pgPool(prisma),
    parsed.map((l) => l.hash),
  );
  const fresh = parsed.filter((l) => {
    const run = stored.get(l.hash);
    if (run) report.skipped.push({ file: l.file, run });
    return !run;
  });

  const ids = await taskIdsFor(prisma, fresh);
  const ready: { log: ParsedLog; taskIds: number[] }[] = [];
  for (const log of fresh) {
    try {
      ready.push({ log, taskIds: resolveTaskIds(log, ids) });
    } catch (err) {
      if (err instanceof ImportError) report.rejected.push(err);
      else throw err;
    }
  }

  const groups = opts.run ? (report.rejected.length ? [] : ready.length ? [ready] : []) : ready.map((r) => [r]);
  const total = groups.flat().reduce((s, g) => s + g.log.episodes.length, 0);
  let offset = 0;
  for (const group of groups) {
    const result = await underImportLock(prisma, async (tx) => {
      // Re-check under the lock: another import may have stored the same file meanwhile.
      const again = await alreadyImported(
        tx,
        group.map((g) => g.log.hash),
      );
      const todo = group.filter((g) => !again.has(g.log.hash));
      const skipped = group.filter((g) => again.has(g.log.hash)).map((g) => ({ file: g.log.file, run: again.get(g.log.hash)! }));
      if (!todo.length) return { run: null, skipped };
      const run = await writeRun(tx, todo, opts.run, (p) => onProgress?.({ file: p.file, done: offset + p.done, total }));
      return { run, skipped };
    });
    offset += group.reduce((s, g) => s + g.log.episodes.length, 0);
    if (result.run) report.runs.push(result.run);
    report.skipped.push(...result.skipped);
  }
  // Fresh planner statistics: right after a bulk insert PostgreSQL still believes the tables are
  // small and picks nested loops that make the stats queries take seconds instead of milliseconds.
  if (report.runs.length) await prisma.$executeRaw`ANALYZE "Episode", "Score", "Step", "Run", "StatsEntry", "StatsCell"`;
  return report;
}

/**
 * Run `fn` in a transaction that holds the import lock, on a pg connection of the Prisma client's
 * pool. Waiting for the lock holds no pooled connection: each try takes one only for a
 * pg_try_advisory_xact_lock and gives it back when the lock is taken elsewhere, so imports queued
 * behind another cannot starve every page of the pool.
 */
async function underImportLock<T>(prisma: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const pool = pgPool(prisma);
  for (let wait = 50; ; wait = Math.min(wait * 2, 1000)) {
    const tx = await pool.connect();
    // A connection whose ROLLBACK fails is broken: released with the error, the pool drops it.
    let broken: Error | undefined;
    try {
      await tx.query("BEGIN");
      const { rows } = await tx.query<{ locked: boolean }>("SELECT pg_try_advisory_xact_lock($1) AS locked", [IMPORT_LOCK]);
      if (rows[0].locked) {
        const value = await fn(tx);
        await tx.query("COMMIT");
        return value;
      }
      await tx.query("ROLLBACK");
    } catch (err) {
      await tx.query("ROLLBACK").catch((e: Error) => (broken = e));
      throw err;
    } finally {
      tx.release(broken);
    }
    await new Promise((r) => setTimeout(r, wait));
  }
}

/** Which of these content hashes are stored, and in which Run (on the pool, or inside the import's transaction). */
async function alreadyImported(db: Tx | pg.Pool, hashes: string[]): Promise<Map<string, string>> {
  if (!hashes.length) return new Map();
  const { rows } = await db.query<{ name: string; sourceHashes: string[] }>(
    `SELECT name, "sourceHashes" FROM "Run" WHERE "sourceHashes" && $1::text[]`,
    [hashes],
  );
  const out = new Map<string, string>();
  for (const r of rows) for (const h of r.sourceHashes) if (hashes.includes(h)) out.set(h, r.name);
  return out;
}
