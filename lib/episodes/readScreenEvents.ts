import type { Db } from "../db";
import type { ScreenEvent } from "../replay/types";

/** An episode's screen events (output and resizes) in order, and the last seq stored (any code). */
export async function readScreenEvents(prisma: Db, episodeId: string): Promise<{ events: ScreenEvent[]; lastSeq: number }> {
  // Raw rows: a 50 MB recording is ~200,000 of them, and Prisma's model mapping costs more than the query.
  const rows = await prisma.$queryRaw<{ time: number; code: string; data: string; seq: number }[]>`
    SELECT "time", "code", "data", "seq" FROM "TerminalEvent" WHERE "episodeId" = ${episodeId} ORDER BY "seq"`;
  const events: ScreenEvent[] = [];
  for (const r of rows) if (r.code === "o" || r.code === "r") events.push([r.time, r.code, r.data]);
  return { events, lastSeq: rows.length ? rows[rows.length - 1].seq : -1 };
}

/**
 * The last seq stored (any code), -1 when none: the version of a recording, which keys its cached
 * replay. Seqs are written in order (EpisodeWriter's one ordered queue, retried at its head), so
 * the last one says which events are there; read from the primary key, not by counting the rows.
 */
export async function lastStoredSeq(prisma: Db, episodeId: string): Promise<number> {
  const rows = await prisma.$queryRaw<{ seq: number }[]>`
    SELECT "seq" FROM "TerminalEvent" WHERE "episodeId" = ${episodeId} ORDER BY "seq" DESC LIMIT 1`;
  return rows[0]?.seq ?? -1;
}
