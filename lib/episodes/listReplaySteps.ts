import type { Db } from "../db";
import type { ReplayStep } from "../replay/types";

/**
 * An episode's steps in turn order, as the replay shows them (from `fromIndex` on, for a live
 * catch-up). Without observations (`observation` is ""), the list and the timeline can be drawn
 * before the output, which can be megabytes, has arrived.
 */
export async function listReplaySteps(
  prisma: Db,
  episodeId: string,
  opts: { fromIndex?: number; observations?: boolean } = {},
): Promise<ReplayStep[]> {
  const withOutput = opts.observations ?? true;
  // Raw rows: Prisma's model mapping of 1,000 steps cost ~3× the query (bench/replay.ts opens such pages).
  return prisma.$queryRaw<ReplayStep[]>`
    SELECT index, action, CASE WHEN ${withOutput} THEN observation ELSE '' END AS observation, "exitCode", admissible, reward,
      thought, plan, search, "durationMs", truncated, "castStart", "castEnd"
    FROM "Step" WHERE "episodeId" = ${episodeId} AND index >= ${opts.fromIndex ?? 0} ORDER BY index`;
}
