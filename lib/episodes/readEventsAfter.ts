import type { Db } from "../db";
import type { LiveEvent } from "../replay/liveProtocol";

/** Every event (any code) stored after `afterSeq`, with its seq: a live page filling in what it missed. */
export async function readEventsAfter(prisma: Db, episodeId: string, afterSeq: number): Promise<LiveEvent[]> {
  return prisma.$queryRaw<LiveEvent[]>`
    SELECT "seq", "time", "code", "data" FROM "TerminalEvent" WHERE "episodeId" = ${episodeId} AND "seq" > ${afterSeq} ORDER BY "seq"`;
}
