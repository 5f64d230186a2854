import type { ServerSocket, SocketServer } from "../../runtime/socketEvents";
import type { AgentRunner } from "./AgentRunner";
import { z } from "zod";
import { ALL_RUNS_ROOM, RunEvents, runRoom, type WatchMessage as WatchMessageType } from "./protocol";
import { socketIdentity } from "../../auth/socketAuth";
import { isStaff } from "../../auth/roles";

// socket.io wiring for run progress: validate the watch message, join the room, send a snapshot.

/** A watch message from a browser or the CLI, before it is trusted. */
export const WatchMessage: z.ZodType<WatchMessageType> = z.object({ runId: z.string().min(1).max(64).optional() }).strict();

export function registerRunHandlers(io: SocketServer, runner: AgentRunner): void {
  io.on("connection", (socket: ServerSocket) => {
    socket.on(RunEvents.watch, async (raw: unknown) => {
      if (!isStaff(socketIdentity(socket).role)) return socket.emit(RunEvents.error, "agent runs are for researchers");
      const msg = WatchMessage.safeParse(raw ?? {});
      if (!msg.success) return socket.emit(RunEvents.error, `bad watch message: ${msg.error.issues[0]?.message}`);
      if (!msg.data.runId) return socket.join(ALL_RUNS_ROOM);
      const p = await runner.progress(msg.data.runId).catch(() => null);
      if (!p) return socket.emit(RunEvents.error, `no agent run ${msg.data.runId}`);
      await socket.join(runRoom(msg.data.runId));
      socket.emit(RunEvents.progress, p);
    });
    socket.on(RunEvents.unwatch, (raw: unknown) => {
      const msg = WatchMessage.safeParse(raw ?? {});
      if (msg.success) void socket.leave(msg.data.runId ? runRoom(msg.data.runId) : ALL_RUNS_ROOM);
    });
  });
}
