import type { ServerSocket, SocketServer } from "../runtime/socketEvents";
import type { Identity, IdentityResolver } from "./identity";
import { fromNodeHeaders } from "better-auth/node";

// socket.io's door: a connection without a signed-in session (or an API token) is refused before
// any handler runs; handlers read who it is with socketIdentity(socket).

export function authenticateSockets(io: SocketServer, identities: IdentityResolver): void {
  io.use((socket, next) => {
    identities.resolve(fromNodeHeaders(socket.request.headers)).then(
      (who) => {
        if (!who) return next(new Error("sign in first"));
        socket.data.who = who;
        next();
      },
      () => next(new Error("sign in first")),
    );
  });
}

export function socketIdentity(socket: ServerSocket): Identity {
  const who = socket.data.who;
  if (!who) throw new Error("socket without an identity: authenticateSockets was not installed");
  return who;
}
