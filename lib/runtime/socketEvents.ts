import type { Server, Socket } from "socket.io";
import type { Socket as IoClientSocket } from "socket.io-client";
import type { PlayClientToServer, PlayServerToClient } from "../sessions/protocol";
import type { SpectateClientToServer, SpectateServerToClient } from "../replay/liveProtocol";
import type { RunClientToServer, RunServerToClient } from "../agents/runs/protocol";
import type { Identity } from "../auth/identity";

// Every socket.io event Plateau sends or hears, typed on both ends: the server's `Server` and the
// clients' `Socket` take these maps, so an event name or payload that does not match is a type
// error. Each stream keeps its own map beside its protocol; this module only joins them.

export interface ServerToClientEvents extends PlayServerToClient, SpectateServerToClient, RunServerToClient {}
export interface ClientToServerEvents extends PlayClientToServer, SpectateClientToServer, RunClientToServer {}

// Events between server instances: none (one process).
type InterServerEvents = Record<string, never>;

/** What lib/auth/socketAuth.ts learns of a connection before any handler runs. */
export interface SocketData {
  who?: Identity;
}

/** The server's socket.io instance. */
export type SocketServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
/** One connection, as the server sees it. */
export type ServerSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
/** A page's or program's connection to the server. */
export type ClientSocket = IoClientSocket<ServerToClientEvents, ClientToServerEvents>;
