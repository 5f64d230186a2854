import { getPlateau } from "@/lib/runtime/context";
import { notFound } from "@/lib/runtime/http";
import { castStream } from "@/lib/episodes/castStream";

export const dynamic = "force-dynamic";

/** The episode's terminal recording, asciicast v2: plays in the asciinema player. */
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const stream = await castStream(getPlateau().prisma, id);
  if (!stream) return notFound(`episode ${id}`);
  return new Response(stream, {
    headers: { "content-type": "application/x-asciicast; charset=utf-8", "content-disposition": `attachment; filename="episode-${id}.cast"` },
  });
}
