// Which database errors a retry can cure. Prisma's P2xxx codes are about the data (a constraint, a
// missing row, a bad value): the same write fails again. Everything else — the server unreachable
// (P1001), a dropped connection, a pool or query timeout, a shutdown in progress — may pass.

const TRANSIENT_P2 = new Set(["P2024" /* pool timeout */, "P2028" /* transaction API */, "P2034" /* write conflict */]);

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown })?.code;
  return typeof code === "string" ? code : undefined;
}

export function isUniqueViolation(err: unknown): boolean {
  return codeOf(err) === "P2002";
}

export function isPermanentDbError(err: unknown): boolean {
  if ((err as Error)?.name === "PrismaClientValidationError") return true;
  const code = codeOf(err);
  return !!code && /^P2\d{3}$/.test(code) && !TRANSIENT_P2.has(code);
}
