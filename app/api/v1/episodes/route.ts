import { CreateEpisodeBody, createEpisode } from "@/lib/agents/api/episodesApi";
import { readBody, withToken } from "@/lib/agents/api/routeKit";

export const dynamic = "force-dynamic";

/** Reset: start an episode of a task; the first observation is the task's query. */
export async function POST(req: Request) {
  return withToken(req, async (tokenId, deps, who) => {
    const body = await readBody(req, CreateEpisodeBody);
    return body instanceof Response ? body : createEpisode(deps, tokenId, body, { userId: who.userId, role: who.role });
  });
}
