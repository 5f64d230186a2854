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

/** How many events are stored and the last seq: the version of a recording, which keys its cached replay. */
export async function recordingVersion(prisma: Db, episodeId: string): Promise<{ count: number; lastSeq: number }> {
  const rows = await prisma.$queryRaw<{ last: number | null; count: bigint }[]>`
    SELECT max("seq") AS last, count(*) AS count FROM "TerminalEvent" WHERE "episodeId" = ${episodeId}`;
  return { count: Number(rows[0]?.count ?? 0), lastSeq: rows[0]?.last ?? -1 };
}
