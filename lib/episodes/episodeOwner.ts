import type { Db } from "../db";

/** Whose an episode is (null: nobody's, e.g. imported or a batch run's) and its study's rules. */
export interface EpisodeOwnership {
  userId: string | null;
  study: { showReward: boolean } | null;
}

/** An episode's ownership, or null when there is no such episode. */
export function episodeOwner(prisma: Db, id: string): Promise<EpisodeOwnership | null> {
  return prisma.episode.findUnique({ where: { id }, select: { userId: true, study: { select: { showReward: true } } } });
}
