import type { ServerSocket, SocketServer } from "../runtime/socketEvents";
import { SpectateEvents, SpectateRequest, type LiveEvent, type SpectateAck } from "./liveProtocol";
import type { LiveSource } from "./liveFeed";

export type { LiveSource } from "./liveFeed";

// Server side of spectating (see liveProtocol.ts). The live sessions tell us what happens through
// a LiveSource; every episode being watched has one subscription, shared by all its spectators
// in a socket.io room and dropped when the last one leaves. Output is sent at once, batched only
// while several events arrive in the same turn of the event loop.

interface Watched {
  unsubscribe: () => void;
  pending: LiveEvent[];
  flush: NodeJS.Immediate | null;
}

const room = (episodeId: string) => `spectate:${episodeId}`;

/** `mayWatch(socket, episodeId)`: whether this socket's account may see the episode (lib/auth). */
export function registerSpectate(
  io: SocketServer,
  source: LiveSource,
  mayWatch: (socket: ServerSocket, episodeId: string) => Promise<boolean>,
): { dispose(): void } {
  const watched = new Map<string, Watched>();

  const flush = (episodeId: string, w: Watched) => {
    if (w.flush) clearImmediate(w.flush);
    w.flush = null;
    if (!w.pending.length) return;
    const events = w.pending;
    w.pending = [];
    io.to(room(episodeId)).emit(SpectateEvents.events, { episodeId, events });
  };

  const stop = (episodeId: string) => {
    const w = watched.get(episodeId);
    if (!w) return;
    flush(episodeId, w);
    w.unsubscribe();
    watched.delete(episodeId);
  };

  const watch = (episodeId: string): boolean => {
    if (watched.has(episodeId)) return true;
    const w: Watched = { unsubscribe: () => {}, pending: [], flush: null };
    const unsubscribe = source.subscribe(episodeId, (msg) => {
      if (msg.type === "event") {
        w.pending.push(msg.event);
        w.flush ??= setImmediate(() => flush(episodeId, w));
        return;
      }
      flush(episodeId, w);
      if (msg.type === "step") io.to(room(episodeId)).emit(SpectateEvents.step, { episodeId, step: msg.step });
      else {
        io.to(room(episodeId)).emit(SpectateEvents.ended, { episodeId, status: msg.status });
        stop(episodeId);
      }
    });
    if (!unsubscribe) return false;
    w.unsubscribe = unsubscribe;
    watched.set(episodeId, w);
    return true;
  };

  const stopIfUnwatched = (episodeId: string) => {
    if ((io.sockets.adapter.rooms.get(room(episodeId))?.size ?? 0) === 0) stop(episodeId);
  };

  const onConnection = (socket: ServerSocket) => {
    const mine = new Set<string>();
    socket.on(SpectateEvents.spectate, async (raw: unknown, ack?: (a: SpectateAck) => void) => {
      const reply = typeof ack === "function" ? ack : () => {};
      const req = SpectateRequest.safeParse(raw);
      if (!req.success) return reply({ ok: false, error: `bad spectate message: ${req.error.issues[0]?.message}` });
      const { episodeId } = req.data;
      if (!(await mayWatch(socket, episodeId))) return reply({ ok: false, error: "this episode is not yours" });
      if (!watch(episodeId)) return reply({ ok: false, error: "this episode is not being played now" });
      mine.add(episodeId);
      await socket.join(room(episodeId));
      reply({ ok: true, status: "active" });
    });
    socket.on(SpectateEvents.unspectate, (raw: unknown) => {
      const req = SpectateRequest.safeParse(raw);
      if (!req.success || !mine.delete(req.data.episodeId)) return;
      void Promise.resolve(socket.leave(room(req.data.episodeId))).then(() => stopIfUnwatched(req.data.episodeId));
    });
    // By "disconnect" the socket has left its rooms.
    socket.on("disconnect", () => {
      for (const id of mine) stopIfUnwatched(id);
      mine.clear();
    });
  };

  io.on("connection", onConnection);
  return {
    dispose() {
      io.off("connection", onConnection);
      for (const id of [...watched.keys()]) stop(id);
    },
  };
}
