import path from "node:path";
import type { Db } from "../../db";
import { listReplaySteps } from "../../episodes/listReplaySteps";
import { lastStoredSeq, readScreenEvents } from "../../episodes/readScreenEvents";
import { readEventsAfter } from "../../episodes/readEventsAfter";
import { synthesizeRecording } from "../synthesizeRecording";
import { encodeRecording } from "../wireFormat";
import type { ReplayRecording } from "../types";
import { buildSnapshots } from "./buildSnapshots";
import { ReplayCache } from "./ReplayCache";

// The recording a replay page loads, as the bytes to send (wireFormat.ts): the episode's terminal events with
// snapshots to seek from (computed once per version of the recording, kept in memory and under
// $PLATEAU_DATA_DIR/replay-cache), or, for an episode without a recording, one made from its steps.

const KEY = Symbol.for("plateau.replayCache");
type Slot = { [KEY]?: ReplayCache };

/** One cache per process (route bundles and server.ts share globalThis, not module instances). */
function cache(): ReplayCache {
  const slot = globalThis as Slot;
  return (slot[KEY] ??= new ReplayCache(
    Number(process.env.PLATEAU_REPLAY_CACHE_MB ?? 512) * 1024 * 1024,
    path.resolve(process.env.PLATEAU_DATA_DIR ?? ".data", "replay-cache"),
  ));
}

export async function loadReplayRecording(prisma: Db, episodeId: string): Promise<Uint8Array | null> {
  const [ep, lastSeq] = await Promise.all([
    prisma.episode.findUnique({
      where: { id: episodeId },
      select: {
        status: true,
        castWidth: true,
        castHeight: true,
        task: { select: { environment: true } },
        _count: { select: { steps: true } },
      },
    }),
    lastStoredSeq(prisma, episodeId),
  ]);
  if (!ep) return null;
  // An episode still being played records as it goes: its recording may just not have begun.
  if (lastSeq === -1 && ep.status !== "active") {
    return cache().get(episodeId, `v2-synth-${ep._count.steps}`, async () => {
      const steps = await listReplaySteps(prisma, episodeId);
      return encodeRecording(synthesizeRecording(steps, { environment: ep.task.environment }));
    });
  }
  return cache().get(episodeId, `v2-to-${lastSeq}`, async () => {
    const read = await readScreenEvents(prisma, episodeId);
    const size = { cols: ep.castWidth ?? 80, rows: ep.castHeight ?? 24 };
    const snapshots = await buildSnapshots({ ...size, events: read.events });
    const rec: ReplayRecording = {
      ...size,
      events: read.events,
      snapshots,
      lastSeq: read.lastSeq,
      synthesized: false,
      stepSpans: null,
    };
    return encodeRecording(rec);
  });
}

/** Compute and keep an episode's replay ahead of its first viewer (when it ends, say). */
export async function warmReplay(prisma: Db, episodeId: string): Promise<void> {
  await loadReplayRecording(prisma, episodeId);
}

/** Events after `afterSeq`, with their seqs (a live page catching up): JSON {events}, never cached. */
export async function loadReplayEventsAfter(prisma: Db, episodeId: string, afterSeq: number): Promise<string | null> {
  const ep = await prisma.episode.findUnique({ where: { id: episodeId }, select: { id: true } });
  if (!ep) return null;
  return JSON.stringify({ events: await readEventsAfter(prisma, episodeId, afterSeq) });
}
