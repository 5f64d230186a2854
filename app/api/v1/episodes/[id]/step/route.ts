import { StepBody, stepEpisode } from "@/lib/agents/api/episodesApi";
import { readBody, withToken } from "@/lib/agents/api/routeKit";

export const dynamic = "force-dynamic";

/** Step: type one action into the episode's terminal and return its observation. */
export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return withToken(req, async (tokenId, deps) => {
    const body = await readBody(req, StepBody);
    return body instanceof Response ? body : stepEpisode(deps, tokenId, id, body.action);
  });
}
