import { submitEpisode } from "@/lib/agents/api/episodesApi";
import { withToken } from "@/lib/agents/api/routeKit";

export const dynamic = "force-dynamic";

/** Submit: score the episode as it stands and end it. */
export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return withToken(req, (tokenId, deps) => submitEpisode(deps, tokenId, id));
}
