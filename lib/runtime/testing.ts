import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Server as IoServer } from "socket.io";
import type { SocketServer } from "./socketEvents";
import { openTestDatabase } from "../db/testing";
import type { Database } from "../db";
import { WITH_TASKS } from "../tasks/testing";
import { startServices, type RunningServices } from "./services";
import type { SessionManager } from "../sessions/SessionManager";
import type { SandboxDriver } from "../sandbox/types";
import { signedIn, startTestAuth } from "../auth/testing";
import type { AuthServices } from "../auth/startAuth";

// Plateau's live half (database, sandbox driver, sessions, socket.io) without Next.js, for
// integration tests that play episodes through a real socket the way the browser does.

export interface TestPlateau {
  db: Database;
  url: string;
  /** A signed-in researcher's session cookie, for sockets and requests. */
  cookie: string;
  researcherId: string;
  auth: AuthServices;
  sessions: SessionManager;
  /** The sandbox driver of `sessions`, for tests that make sandboxes or sessions of their own. */
  driver: SandboxDriver;
  services: RunningServices;
  close(): Promise<void>;
}

/** `db`: a database the test opened itself (to stop and start it again); default: a fresh one, closed with the rest. */
export async function startTestPlateau(driver: "docker" | "local", given?: Database): Promise<TestPlateau> {
  process.env.PLATEAU_SANDBOX = driver;
  const db = given ?? (await openTestDatabase(WITH_TASKS));
  if (given) await WITH_TASKS.apply(given);
  const http: Server = createServer();
  const io: SocketServer = new IoServer(http, { serveClient: false, perMessageDeflate: false });
  const auth = startTestAuth(db.prisma);
  // Tests play runs with runners of their own beside this service's (lock-less, each "the only
  // one"): the service looks for runs to resume at start only, so it never plays theirs as well.
  const services = await startServices({
    prisma: db.prisma,
    databaseUrl: db.url,
    io,
    identities: auth.identities,
    resumeRunsEveryMs: null,
  });
  if (!services.driver || services.driver.name !== driver) {
    await services.stop();
    if (!given) await db.close();
    throw new Error(`the ${driver} sandbox driver is not available: ${services.sandbox.reason}`);
  }
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  const { port } = http.address() as AddressInfo;
  const researcher = await signedIn(auth, db.prisma, "researcher@test.example", "researcher");
  return {
    db,
    url: `http://127.0.0.1:${port}`,
    cookie: researcher.cookie,
    researcherId: researcher.userId,
    auth,
    sessions: services.live.sessions,
    driver: services.driver,
    services,
    async close() {
      io.close();
      http.close();
      await services.stop();
      if (!given) await db.close();
    },
  };
}
