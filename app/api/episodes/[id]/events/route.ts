import { z } from "zod";
import { getPlateau } from "@/lib/runtime/context";
import { episodeRoute } from "@/lib/auth/access";
import { episodeOwner } from "@/lib/episodes/episodeOwner";
import { badRequest, notFound } from "@/lib/runtime/http";
import { loadReplayEventsAfter, loadReplayRecording } from "@/lib/replay/server/loadReplayRecording";
import { firstPart } from "@/lib/replay/wireFormat";

export const dynamic = "force-dynamic";

const Query = z
  .object({
    after: z.coerce.number().int().min(-1).optional(),
    first: z.coerce.number().int().min(0).optional(),
    from: z.coerce.number().int().min(0).optional(),
    /** With from: the whole recording's length as the page's first part said it (a changed recording is refused). */
    size: z.coerce.number().int().min(0).optional(),
  })
  .refine((q) => [q.after, q.first, q.from].filter((v) => v !== undefined).length <= 1, "give one of after, first, from")
  .refine((q) => q.size === undefined || q.from !== undefined, "size goes with from");

/**
 * The replay's recording (lib/replay/wireFormat.ts: a JSON header line, then the events' data);
 * ?first=N: the header line and N bytes of data, ?from=BYTE&size=BYTES: the rest from there, if
 * the whole is still that long (a page reads a finished episode in these two parts). ?after=SEQ:
 * the newer events of every code with their seqs, as JSON {events} (a live page catching up).
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
    const whole = await loadReplayRecording(prisma, id);
    if (whole === null) return notFound(`episode ${id}`);
    const { first, from, size } = q.data;
    if (size !== undefined && size !== whole.length)
      return Response.json(
        {
          error: `the recording changed since the page read its first part (${size} bytes then, ${whole.length} now): reload the page`,
        },
        { status: 409 },
      );
    if (from !== undefined && from > whole.length)
      return badRequest(`from=${from} is past the recording's end (${whole.length} bytes)`);
    const body = first !== undefined ? firstPart(whole, first) : from !== undefined ? whole.subarray(from) : whole;
    // no-transform: the bytes are cached as they are; compressing 10 MB again on every request would cost more than sending it.
    return new Response(body as BodyInit, {
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store, no-transform" },
    });
  },
  (id) => episodeOwner(getPlateau().prisma, id),
);
