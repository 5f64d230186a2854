import { getPlateau } from "@/lib/runtime/context";
import { episodeRoute } from "@/lib/auth/access";
import { episodeOwner } from "@/lib/episodes/episodeOwner";
import { notFound } from "@/lib/runtime/http";
import { getEpisodeForReplay, replayAsSeenBy } from "@/lib/episodes/getEpisodeForReplay";

export const dynamic = "force-dynamic";

/** The episode's header as the replay page shows it: task (no gold), player, status, scores in every mode (for a participant, without their breakdowns: they hold the gold's state). */
export const GET = episodeRoute(
  async (_req, { params }, who, owner) => {
    const { id } = await params;
    const episode = await getEpisodeForReplay(getPlateau().prisma, id);
    if (!episode) return notFound(`episode ${id}`);
    return Response.json(replayAsSeenBy(who, episode, owner.study), { headers: { "cache-control": "no-store" } });
  },
  (id: string) => episodeOwner(getPlateau().prisma, id),
);
