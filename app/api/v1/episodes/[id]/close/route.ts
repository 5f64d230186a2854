import { closeEpisode } from "@/lib/agents/api/episodesApi";
import { withToken } from "@/lib/agents/api/routeKit";

export const dynamic = "force-dynamic";

/** Close: skip the episode if it was not submitted (same as DELETE /episodes/{id}). */
export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return withToken(req, (tokenId, deps) => closeEpisode(deps, tokenId, id));
}
