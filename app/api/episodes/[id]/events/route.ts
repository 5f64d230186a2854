import { z } from "zod";
import { getPlateau } from "@/lib/runtime/context";
import { episodeRoute } from "@/lib/auth/access";
import { episodeOwner } from "@/lib/episodes/episodeOwner";
import { badRequest, notFound } from "@/lib/runtime/http";
import { loadReplayEventsAfter, loadReplayRecording } from "@/lib/replay/server/loadReplayRecording";

export const dynamic = "force-dynamic";

const Query = z.object({ after: z.coerce.number().int().min(-1).optional() });

/**
 * The replay's recording (lib/replay/wireFormat.ts: a JSON header line, then the events' data), or
 * with ?after=SEQ the newer events of every code with their seqs, as JSON {events} (a live page catching up).
 */
export const GET = episodeRoute(
  async (req, { params }) => {
    const { id } = await params;
    const q = Query.safeParse(Object.fromEntries(new URL(req.url).searchParams));
    if (!q.success) return badRequest(q.error);
    const { prisma } = getPlateau();
    if (q.data.after !== undefined) {
      const body = await loadReplayEventsAfter(prisma, id, q.data.after);
      return body === null
        ? notFound(`episode ${id}`)
        : new Response(body, { headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });
    }
    const body = await loadReplayRecording(prisma, id);
    if (body === null) return notFound(`episode ${id}`);
    // no-transform: the bytes are cached as they are; compressing 10 MB again on every request would cost more than sending it.
    return new Response(body as BodyInit, {
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store, no-transform" },
    });
  },
  (id) => episodeOwner(getPlateau().prisma, id),
);
