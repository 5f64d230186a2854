import { z } from "zod";
import { getPlateau } from "@/lib/runtime/context";
import { episodeRoute } from "@/lib/auth/access";
import { episodeOwner } from "@/lib/episodes/episodeOwner";
import { badRequest, notFound } from "@/lib/runtime/http";
import { listReplaySteps } from "@/lib/episodes/listReplaySteps";

export const dynamic = "force-dynamic";

const Query = z.object({
  from: z.coerce.number().int().min(0).default(0),
  /** output=0: without observations (the page lists the steps first, then loads their output). */
  output: z.enum(["0", "1"]).default("1"),
});

/** The episode's steps for its replay (every field but the raw ANSI output); ?from=N for steps N and later. */
export const GET = episodeRoute(
  async (req, { params }) => {
    const { id } = await params;
    const q = Query.safeParse(Object.fromEntries(new URL(req.url).searchParams));
    if (!q.success) return badRequest(q.error);
    const { prisma } = getPlateau();
    const [exists, steps] = await Promise.all([
      prisma.episode.count({ where: { id } }),
      listReplaySteps(prisma, id, { fromIndex: q.data.from, observations: q.data.output === "1" }),
    ]);
    if (!exists) return notFound(`episode ${id}`);
    return Response.json({ steps }, { headers: { "cache-control": "no-store" } });
  },
  (id) => episodeOwner(getPlateau().prisma, id),
);
