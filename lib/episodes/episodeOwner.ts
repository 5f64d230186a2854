import type { Db } from "../db";

/** Whose an episode is (null: nobody's, e.g. imported or a batch run's) and its study's rules, or null when there is no such episode. */
export function episodeOwner(
  prisma: Db,
  id: string,
): Promise<{ userId: string | null; study: { showReward: boolean } | null } | null> {
  return prisma.episode.findUnique({ where: { id }, select: { userId: true, study: { select: { showReward: true } } } });
}
