import { getPlateau } from "@/lib/runtime/context";
import { notFound } from "@/lib/runtime/http";
import { getEpisodeForReplay } from "@/lib/episodes/getEpisodeForReplay";

export const dynamic = "force-dynamic";

/** The episode's header as the replay page shows it: task (no gold), player, status, scores in every mode. */
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const episode = await getEpisodeForReplay(getPlateau().prisma, id);
  return episode ? Response.json(episode, { headers: { "cache-control": "no-store" } }) : notFound(`episode ${id}`);
}
