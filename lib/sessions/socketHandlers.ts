import type { ServerSocket, SocketServer } from "../runtime/socketEvents";
import type { Db } from "../db";
import type { SessionManager } from "./SessionManager";
import { ClientEvents, ServerEvents, type EpisodeResult } from "./protocol";
import { socketIdentity } from "../auth/socketAuth";
import { canSeeEpisode, resultAsSeenBy } from "../auth/visibility";
import { episodeOwner } from "../episodes/episodeOwner";
import { AckMessage, AttachMessage, InputMessage, ResizeMessage } from "./messages";

// socket.io wiring for live terminals: validate, find the session, hand off. Every listener a socket
// adds is removed when it disconnects (the session forgets the viewer, flow control lets go).
// Who may attach: staff to any episode (to watch), anyone else only to their own; only the browser
// holding the player's token types; a participant's result comes without the gold.

export function registerPlayHandlers(io: SocketServer, sessions: SessionManager, prisma: Db): void {
  io.on("connection", (socket: ServerSocket) => {
    let attached: { episodeId: string; canType: boolean } | null = null;
    const who = socketIdentity(socket);

    const attach = async (raw: unknown) => {
      const msg = AttachMessage.safeParse(raw);
      if (!msg.success) return socket.emit(ServerEvents.error, `bad attach message: ${msg.error.issues[0]?.message}`);
      if (attached) sessions.get(attached.episodeId)?.detach(socket.id);
      attached = null;
      // A live episode's owner is known here (a reload's attach is on the way to its first echo).
      const owner = sessions.liveOwner(msg.data.episodeId) ?? (await episodeOwner(prisma, msg.data.episodeId));
      if (owner && !canSeeEpisode(who, owner)) return socket.emit(ServerEvents.error, "this episode is not yours");
      const session = sessions.get(msg.data.episodeId);
      if (!session) {
        const ep = await prisma.episode.findUnique({ where: { id: msg.data.episodeId }, select: { status: true, error: true } });
        return socket.emit(
          ServerEvents.error,
          ep ? `this episode is ${ep.status}${ep.error ? `: ${ep.error}` : ""}; open its replay instead` : "no such episode",
        );
      }
      const canType = sessions.isPlayer(msg.data.episodeId, msg.data.playerToken);
      attached = { episodeId: msg.data.episodeId, canType };
      const study = owner?.study ?? null;
      await session.attach({
        id: socket.id,
        canType,
        emit: (event, ...args) => {
          if (event === ServerEvents.result)
            socket.emit(ServerEvents.result, resultAsSeenBy(who, args[0] as EpisodeResult, study));
          else socket.emit(event, ...args);
        },
      });
      if (canType && msg.data.cols && msg.data.rows) session.resize(socket.id, msg.data.cols, msg.data.rows);
    };
    // What comes while an attach is being checked (its size, the first keys) waits for it.
    let attaching: Promise<void> | null = null;
    const attachFor = (raw: unknown) => {
      const done: Promise<void> = (attaching ?? Promise.resolve())
        .then(() => attach(raw))
        .then(
          () => {},
          (err: Error) => void socket.emit(ServerEvents.error, `could not attach: ${err.message}`),
        )
        .finally(() => {
          if (attaching === done) attaching = null;
        });
      attaching = done;
    };
    socket.on(ClientEvents.attach, attachFor);
    // A connection may ask to attach as it opens (the page knew its episode before its terminal was
    // built): the screen then comes with the connection, a round trip sooner.
    const early: unknown = socket.handshake.auth?.attach;
    if (early !== undefined) attachFor(early);

    const withSession = (fn: (episodeId: string) => void) => {
      if (attaching) void attaching.then(() => attached && fn(attached.episodeId));
      else if (attached) fn(attached.episodeId);
    };
    socket.on(ClientEvents.input, (raw: unknown) => {
      const data = InputMessage.safeParse(raw);
      if (data.success) withSession((id) => sessions.get(id)?.input(socket.id, data.data));
    });
    socket.on(ClientEvents.resize, (raw: unknown) => {
      const size = ResizeMessage.safeParse(raw);
      if (size.success) withSession((id) => sessions.get(id)?.resize(socket.id, size.data.cols, size.data.rows));
    });
    socket.on(ClientEvents.ack, (raw: unknown) => {
      const n = AckMessage.safeParse(raw);
      if (n.success) withSession((id) => sessions.get(id)?.ack(socket.id, n.data));
    });
    socket.on(ClientEvents.submit, () =>
      withSession((id) => {
        if (attached?.canType) void sessions.get(id)?.submit();
      }),
    );
    socket.on(ClientEvents.skip, () =>
      withSession((id) => {
        if (attached?.canType) void sessions.get(id)?.skip();
      }),
    );
    socket.on("disconnect", () => withSession((id) => sessions.get(id)?.detach(socket.id)));
  });
}
