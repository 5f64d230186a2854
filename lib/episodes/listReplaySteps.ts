import type { Db } from "../db";
import type { ReplayStep } from "../replay/types";
import { bestOfNView } from "../replay/bestOfNView";

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
  const rows = await prisma.$queryRaw<Array<Omit<ReplayStep, "search"> & { search: unknown }>>`
    SELECT index, action, CASE WHEN ${withOutput} THEN observation ELSE '' END AS observation, "exitCode", admissible, reward,
      thought, plan, search, "durationMs", truncated, "castStart", "castEnd"
    FROM "Step" WHERE "episodeId" = ${episodeId} AND index >= ${opts.fromIndex ?? 0} ORDER BY index`;
  // A search is model output: read through its schema here, so the page trusts the type.
  return rows.map((r) => ({ ...r, search: r.search == null ? null : bestOfNView(r.search) }));
}
