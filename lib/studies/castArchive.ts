import { pack } from "tar-stream";
import type { Db } from "../db";
import { castStream } from "../episodes/castStream";
import { positionOf } from "./participation";

// Every recording of a study in one tar archive: <pseudonym>/<position>-<dataset>-<index>-<episode>.cast,
// one episode at a time (a tar entry needs its size first, so each cast is read whole, ≤ 16 MiB).

const safe = (s: string) => s.replace(/[^\p{L}\p{N}._-]+/gu, "_").slice(0, 60) || "_";

export async function studyCastArchive(prisma: Db, studyId: string): Promise<ReadableStream<Uint8Array>> {
  const episodes = await prisma.episode.findMany({
    where: { studyId, practice: false },
    orderBy: [{ participantId: "asc" }, { startedAt: "asc" }],
    select: {
      id: true,
      taskId: true,
      task: { select: { dataset: true, index: true } },
      participant: { select: { pseudonym: true, assignment: true } },
    },
  });
  const tar = pack();
  void (async () => {
    try {
      for (const e of episodes) {
        const stream = await castStream(prisma, e.id);
        if (!stream) continue;
        const body = Buffer.from(await new Response(stream).arrayBuffer());
        const name = `${safe(e.participant?.pseudonym ?? "unknown")}/${positionOf(e.participant, e.taskId)}-${e.task.dataset}-${e.task.index}-${e.id}.cast`;
        await new Promise<void>((resolve, reject) =>
          tar.entry({ name, size: body.length, mtime: new Date() }, body, (err) => (err ? reject(err) : resolve())),
        );
      }
      tar.finalize();
    } catch (err) {
      tar.destroy(err as Error);
    }
  })();
  // tar-stream's streams are streamx's, async-iterable: read them into a web stream as asked.
  const chunks = tar[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(new Uint8Array(value as Buffer));
    },
    cancel: () => void tar.destroy(),
  });
}
