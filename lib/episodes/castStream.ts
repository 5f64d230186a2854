import type { Db } from "../db";
import { castEventLine, castHeader, type CastCode } from "../recording";

const PAGE = 5000;

/**
 * An episode's terminal recording as an asciicast v2 file, streamed page by page from the stored
 * events, so a 50 MB recording never sits in memory whole. Null when the episode does not exist;
 * an episode without a recording yields only its header.
 */
export async function castStream(prisma: Db, episodeId: string): Promise<ReadableStream<Uint8Array> | null> {
  const ep = await prisma.episode.findUnique({
    where: { id: episodeId },
    select: {
      castWidth: true,
      castHeight: true,
      startedAt: true,
      task: { select: { environment: true, dataset: true, index: true } },
    },
  });
  if (!ep) return null;
  const encoder = new TextEncoder();
  let after = -1;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        const header = castHeader({
          width: ep.castWidth ?? 80,
          height: ep.castHeight ?? 24,
          timestamp: ep.startedAt.getTime() / 1000,
          title: `${ep.task.environment} ${ep.task.dataset} #${ep.task.index}`,
          env: { SHELL: "/bin/bash", TERM: "xterm-256color" },
        });
        controller.enqueue(encoder.encode(header + "\n"));
        return;
      }
      const rows = await prisma.terminalEvent.findMany({
        where: { episodeId, seq: { gt: after } },
        orderBy: { seq: "asc" },
        take: PAGE,
        select: { seq: true, time: true, code: true, data: true },
      });
      if (rows.length === 0) return controller.close();
      after = rows[rows.length - 1].seq;
      controller.enqueue(encoder.encode(rows.map((r) => castEventLine([r.time, r.code as CastCode, r.data]) + "\n").join("")));
    },
  });
}
