import { io } from "socket.io-client";
import type { ClientSocket } from "../runtime/socketEvents";
import type { EpisodeStatus } from "../episodes/episodeStatus";
import { EndedMessage, EventsMessage, SpectateEvents, StepMessage, type LiveEvent, type SpectateAck } from "./liveProtocol";
import type { LiveStep } from "../episodes/step";

// The page's side of spectating (see liveProtocol.ts): subscribe, then catch up over HTTP, then
// apply what was pushed meanwhile. On a reconnect the same happens again, so nothing is missed.

export type SpectateStatus = "connecting" | "live" | "not-live" | "disconnected";

export interface SpectateHandlers {
  /** Load what happened before the subscription (the page fetches events after its last seq). */
  catchUp(): Promise<void>;
  /** New events, in seq order; the handler drops seqs it already has. */
  onEvents(events: LiveEvent[]): void;
  onStep(step: LiveStep): void;
  onEnded(status: EpisodeStatus): void;
  onStatus(status: SpectateStatus, detail?: string): void;
}

export function spectate(
  episodeId: string,
  h: SpectateHandlers,
  opts: { url?: string; socket?: ClientSocket } = {},
): { dispose(): void } {
  const socket: ClientSocket = opts.socket ?? io(opts.url ?? "", { transports: ["websocket"], forceNew: true });
  let held: Array<() => void> | null = null;
  let disposed = false;
  // While catching up, pushed messages wait, so they land after what the catch-up loads.
  const deliver = (fn: () => void) => (held ? held.push(fn) : fn());

  const subscribe = () => {
    h.onStatus("connecting");
    held = [];
    socket.emit(SpectateEvents.spectate, { episodeId }, async (ack: SpectateAck) => {
      if (disposed) return;
      if (!ack?.ok) {
        held = null;
        h.onStatus("not-live", ack?.error);
        return;
      }
      try {
        await h.catchUp();
      } finally {
        const waiting = held ?? [];
        held = null;
        for (const fn of waiting) fn();
      }
      if (!disposed) h.onStatus("live");
    });
  };

  const onEvents = (raw: unknown) => {
    const m = EventsMessage.safeParse(raw);
    if (m.success && m.data.episodeId === episodeId) deliver(() => h.onEvents(m.data.events));
  };
  const onStep = (raw: unknown) => {
    const m = StepMessage.safeParse(raw);
    if (m.success && m.data.episodeId === episodeId) deliver(() => h.onStep(m.data.step));
  };
  const onEnded = (raw: unknown) => {
    const m = EndedMessage.safeParse(raw);
    if (m.success && m.data.episodeId === episodeId) deliver(() => h.onEnded(m.data.status));
  };
  const onDisconnect = () => !disposed && h.onStatus("disconnected");

  socket.on("connect", subscribe);
  socket.on("disconnect", onDisconnect);
  socket.on(SpectateEvents.events, onEvents);
  socket.on(SpectateEvents.step, onStep);
  socket.on(SpectateEvents.ended, onEnded);
  if (socket.connected) subscribe();

  return {
    dispose() {
      disposed = true;
      socket.emit(SpectateEvents.unspectate, { episodeId });
      socket.off("connect", subscribe);
      socket.off("disconnect", onDisconnect);
      socket.off(SpectateEvents.events, onEvents);
      socket.off(SpectateEvents.step, onStep);
      socket.off(SpectateEvents.ended, onEnded);
      if (!opts.socket) socket.disconnect();
    },
  };
}
