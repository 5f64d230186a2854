import { getPlateau } from "@/lib/runtime/context";
import { episodeRoute } from "@/lib/auth/access";
import { episodeOwner } from "@/lib/episodes/episodeOwner";
import { notFound } from "@/lib/runtime/http";
import { castStream } from "@/lib/episodes/castStream";

export const dynamic = "force-dynamic";

/** The episode's terminal recording, asciicast v2: plays in the asciinema player. */
export const GET = episodeRoute(
  async (_req, { params }) => {
    const { id } = await params;
    const stream = await castStream(getPlateau().prisma, id);
    if (!stream) return notFound(`episode ${id}`);
    return new Response(stream, {
      headers: {
        "content-type": "application/x-asciicast; charset=utf-8",
        "content-disposition": `attachment; filename="episode-${id}.cast"`,
      },
    });
  },
  (id) => episodeOwner(getPlateau().prisma, id),
);
