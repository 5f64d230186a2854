import { z } from "zod";
import { EpisodeStatus, type EndedStatus } from "../episodes/episodeStatus";
import { LiveStep } from "../episodes/step";

// The socket.io contract for watching an episode while it is played (spectating), shared by the
// server (spectateServer.ts) and the page (spectateClient.ts) — STYLE §8. Read-only: a spectator
// sends nothing but which episode it watches.
//
//   page → server  "spectate"    {episodeId}        ack → {ok: true, status} | {ok: false, error}
//   page → server  "unspectate"  {episodeId}
//   server → page  "episode:events" {episodeId, events: [{seq, time, code, data}…]}   (in seq order)
//   server → page  "episode:step"   {episodeId, step}   a step completed (or changed), by Step.index
//   server → page  "episode:ended"  {episodeId, status}
//
// The page subscribes first and loads the recording after the ack, then drops pushed events it
// already has (by seq): nothing between the load and the subscription is lost.

export const SpectateEvents = {
  spectate: "spectate",
  unspectate: "unspectate",
  events: "episode:events",
  step: "episode:step",
  ended: "episode:ended",
} as const;

export const SpectateRequest = z.object({ episodeId: z.string().min(1).max(64) });
export type SpectateRequest = z.infer<typeof SpectateRequest>;

export type SpectateAck = { ok: true; status: EpisodeStatus } | { ok: false; error: string };

export const LiveEvent = z.object({
  seq: z.number().int().min(0),
  time: z.number().min(0),
  code: z.enum(["o", "i", "r", "m"]),
  data: z.string(),
});
export type LiveEvent = z.infer<typeof LiveEvent>;

export const EventsMessage = z.object({ episodeId: z.string(), events: z.array(LiveEvent) });
export type EventsMessage = z.infer<typeof EventsMessage>;
export const StepMessage = z.object({ episodeId: z.string(), step: LiveStep });
export type StepMessage = z.infer<typeof StepMessage>;
export const EndedMessage = z.object({ episodeId: z.string(), status: EpisodeStatus });
export type EndedMessage = z.infer<typeof EndedMessage>;

/**
 * What a live episode tells its spectators: the one stream from a live session (lib/sessions) to
 * the spectate server, which sends it on as the events below.
 */
export type LiveMessage =
  { type: "event"; event: LiveEvent } | { type: "step"; step: z.input<typeof LiveStep> } | { type: "ended"; status: EndedStatus };

/** Spectating's server → page events (part of lib/runtime/socketEvents.ts's ServerToClientEvents). */
export interface SpectateServerToClient {
  [SpectateEvents.events]: (msg: EventsMessage) => void;
  [SpectateEvents.step]: (msg: z.input<typeof StepMessage>) => void;
  [SpectateEvents.ended]: (msg: EndedMessage) => void;
}

/** Spectating's page → server events; the server validates each payload (SpectateRequest). */
export interface SpectateClientToServer {
  [SpectateEvents.spectate]: (req: SpectateRequest, ack: (a: SpectateAck) => void) => void;
  [SpectateEvents.unspectate]: (req: SpectateRequest) => void;
}
