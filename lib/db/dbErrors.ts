// Which database errors a retry can cure. Prisma's P2xxx codes are about the data (a constraint, a
// missing row, a bad value): the same write fails again. Everything else — the server unreachable
// (P1001), a dropped connection, a pool or query timeout, a shutdown in progress — may pass.

const TRANSIENT_P2 = new Set(["P2024" /* pool timeout */, "P2028" /* transaction API */, "P2034" /* write conflict */]);

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown })?.code;
  return typeof code === "string" ? code : undefined;
}

/** The SQLSTATE of an error PostgreSQL answered to a statement sent through pg itself (it has a severity). */
function pgState(err: unknown): string | undefined {
  return typeof (err as { severity?: unknown })?.severity === "string" ? codeOf(err) : undefined;
}

export function isUniqueViolation(err: unknown): boolean {
  return codeOf(err) === "P2002" || pgState(err) === "23505";
}

export function isPermanentDbError(err: unknown): boolean {
  if ((err as Error)?.name === "PrismaClientValidationError") return true;
  const state = pgState(err);
  if (state) return sqlStateRefused(state);
  const code = codeOf(err);
  if (code === "P2010") return rawQueryRefused(err);
  return !!code && /^P2\d{3}$/.test(code) && !TRANSIENT_P2.has(code);
}

/** A raw query (P2010) fails for the same reasons as any other: its SQLSTATE says which. */
function rawQueryRefused(err: unknown): boolean {
  const meta = (err as { meta?: { code?: unknown; driverAdapterError?: { cause?: { originalCode?: unknown } } } })?.meta;
  const state = meta?.code ?? meta?.driverAdapterError?.cause?.originalCode;
  return typeof state === "string" && sqlStateRefused(state);
}

/**
 * A lost connection (class 08), a server shutting down (57P) or out of resources (53) may pass; a
 * refusal of the data (a constraint, a bad value) will not. Without a SQLSTATE, retry.
 */
function sqlStateRefused(state: string): boolean {
  return /^[0-9A-Z]{5}$/.test(state) && !/^(08|57P|53)/.test(state);
}
