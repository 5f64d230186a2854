import { closeEpisode, getEpisode } from "@/lib/agents/api/episodesApi";
import { withToken } from "@/lib/agents/api/routeKit";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

export async function GET(req: Request, { params }: Ctx) {
  const { id } = await params;
  return withToken(req, (tokenId, deps) => getEpisode(deps, tokenId, id));
}

/** Close: skip the episode if it was not submitted. */
export async function DELETE(req: Request, { params }: Ctx) {
  const { id } = await params;
  return withToken(req, (tokenId, deps) => closeEpisode(deps, tokenId, id));
}
