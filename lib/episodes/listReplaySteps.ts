import type { Db } from "../db";
import type { ReplayStep } from "../replay/types";

/**
 * An episode's steps in turn order, as the replay shows them (from `fromIndex` on, for a live
 * catch-up). Without observations (`observation` is ""), the list and the timeline can be drawn
 * before the output, which can be megabytes, has arrived.
 */
export async function listReplaySteps(prisma: Db, episodeId: string, opts: { fromIndex?: number; observations?: boolean } = {}): Promise<ReplayStep[]> {
  const withOutput = opts.observations ?? true;
  const rows = await prisma.step.findMany({
    where: { episodeId, index: { gte: opts.fromIndex ?? 0 } },
    orderBy: { index: "asc" },
    select: {
      index: true, action: true, observation: withOutput, exitCode: true, admissible: true, reward: true, thought: true, plan: true, search: true,
      durationMs: true, truncated: true, castStart: true, castEnd: true,
    },
  });
  return rows.map((r) => ({ ...r, observation: r.observation ?? "" }));
}
