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

const KEY = Symbol.for("plateau.replayCaches");
type Slot = { [KEY]?: Map<string, ReplayCache> };

/**
 * One cache of each kind per process (route bundles and server.ts share globalThis, not module
 * instances), in memory and under $PLATEAU_DATA_DIR/<folder>.
 */
export function replayCache(folder: string, maxMb: number): ReplayCache {
  const caches = ((globalThis as Slot)[KEY] ??= new Map());
  let c = caches.get(folder);
  if (!c)
    caches.set(folder, (c = new ReplayCache(maxMb * 1024 * 1024, path.resolve(process.env.PLATEAU_DATA_DIR ?? ".data", folder))));
  return c;
}

const recordings = () => replayCache("replay-cache", Number(process.env.PLATEAU_REPLAY_CACHE_MB ?? 512));

/** Which version of an episode's recording is stored now (its cache key), and how to make it; null for an unknown episode. */
export async function replayVersion(
  prisma: Db,
  episodeId: string,
): Promise<{ version: string; make(): Promise<Uint8Array> } | null> {
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
    return {
      version: `v2-synth-${ep._count.steps}`,
      make: async () => {
        const steps = await listReplaySteps(prisma, episodeId);
        return encodeRecording(synthesizeRecording(steps, { environment: ep.task.environment }));
      },
    };
  }
  return {
    version: `v2-to-${lastSeq}`,
    make: async () => {
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
    },
  };
}

export async function loadReplayRecording(prisma: Db, episodeId: string): Promise<Uint8Array | null> {
  const v = await replayVersion(prisma, episodeId);
  return v && recordingOf(episodeId, v);
}

/** The recording of that version, from the cache or made now (once, however many ask). */
export function recordingOf(episodeId: string, v: { version: string; make(): Promise<Uint8Array> }): Promise<Uint8Array> {
  return recordings().get(episodeId, v.version, v.make);
}

/** Events after `afterSeq`, with their seqs (a live page catching up): JSON {events}, never cached. */
export async function loadReplayEventsAfter(prisma: Db, episodeId: string, afterSeq: number): Promise<string | null> {
  const ep = await prisma.episode.findUnique({ where: { id: episodeId }, select: { id: true } });
  if (!ep) return null;
  return JSON.stringify({ events: await readEventsAfter(prisma, episodeId, afterSeq) });
}
