import { getPlateau } from "@/lib/runtime/context";
import { canSeeGold, canSeeRewards, episodeRoute } from "@/lib/auth/access";
import { episodeOwner } from "@/lib/episodes/episodeOwner";
import { notFound } from "@/lib/runtime/http";
import { getEpisodeForReplay, withoutBreakdowns } from "@/lib/episodes/getEpisodeForReplay";

export const dynamic = "force-dynamic";

/** The episode's header as the replay page shows it: task (no gold), player, status, scores in every mode (for a participant, without their breakdowns: they hold the gold's state). */
export const GET = episodeRoute(async (_req, { params }, who) => {
  const { id } = await params;
  const { prisma } = getPlateau();
  const [episode, owner] = await Promise.all([getEpisodeForReplay(prisma, id), episodeOwner(prisma, id)]);
  if (!episode) return notFound(`episode ${id}`);
  const shown = canSeeGold(who) ? episode : canSeeRewards(who, owner?.study ?? null) ? withoutBreakdowns(episode) : { ...episode, scores: [] };
  return Response.json(shown, { headers: { "cache-control": "no-store" } });
}, (id) => episodeOwner(getPlateau().prisma, id));
