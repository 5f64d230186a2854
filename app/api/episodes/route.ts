import { staffOnly } from "@/lib/auth/access";
import { getPlateau } from "@/lib/runtime/context";
import { badRequest } from "@/lib/runtime/http";
import { EpisodeFilter, listEpisodes } from "@/lib/episodes/listEpisodes";

export const dynamic = "force-dynamic";

export const GET = staffOnly(async (req) => {
  const parsed = EpisodeFilter.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) return badRequest(parsed.error);
  return Response.json(await listEpisodes(getPlateau().prisma, parsed.data));
});
