import type { SocketServer } from "./socketEvents";
import type { Db } from "../db";
import type { LiveServices, SandboxInfo } from "./context";
import type { Sandbox, SandboxDriver } from "../sandbox/types";
import { chooseDriver } from "../sandbox/choose";
import { SessionManager } from "../sessions/SessionManager";
import { registerPlayHandlers } from "../sessions/socketHandlers";
import { liveEnvironments } from "../environments";
import { createWarmPool, type WarmPool } from "../sandbox/pool";
import { watchEngine } from "../sandbox/watchEngine";
import type { DockerDriver } from "../sandbox/docker";
import { registerSpectate } from "../replay/spectateServer";
import { orElse, type LiveSource } from "../replay/liveFeed";
import { warmReplay } from "../replay/server/replayScreen";
import { startAgentRuns } from "../agents/startAgentRuns";
import { ApiEpisodes } from "../agents/api/ApiEpisodes";
import { authenticateSockets, socketIdentity } from "../auth/socketAuth";
import { canSeeEpisode } from "../auth/visibility";
import { episodeOwner } from "../episodes/episodeOwner";
import type { IdentityResolver } from "../auth/identity";

export interface ServiceDeps {
  prisma: Db;
  /** The database's URL, for connections of their own (the agent runs' locks). */
  databaseUrl: string;
  io: SocketServer;
  /** Who a socket is: every socket.io connection must be signed in. */
  identities: IdentityResolver;
  /** Browser tests only: episodes that "play" without a sandbox (lib/runtime/testHooks.ts). */
  testFeed?: LiveSource | null;
  /** How often to look for agent runs whose server went away (default 30 s); null: only at start. */
  resumeRunsEveryMs?: number | null;
}

export interface RunningServices {
  sandbox: SandboxInfo;
  /** The chosen driver (null: none is available, `sandbox.reason` says why). */
  driver: SandboxDriver | null;
  live: LiveServices;
  stop(): Promise<void>;
}

/** Start the long-lived services (sandbox driver, live sessions, agent runs) and say how to stop them. */
export async function startServices(deps: ServiceDeps): Promise<RunningServices> {
  const choice = await chooseDriver({
    docker: async () => (await import("../sandbox/docker")).createDockerDriver(),
    local: async () => (await import("../sandbox/local")).createLocalDriver(),
  });
  const driver: SandboxDriver | null = choice.driver;
  if (driver) {
    const removed = await driver.cleanup();
    if (removed) console.log(`plateau: removed ${removed} sandboxes left by an earlier run`);
  }
  // One warm pool per image, so Play opens on a ready console.
  const poolSize = Number(process.env.PLATEAU_POOL_SIZE ?? 2);
  const live = liveEnvironments();
  // a console that starts with the task's variables (SQL's database) cannot be started ahead
  const noPrewarm = new Set(Object.values(live).flatMap((env) => (env.consoleEnv ? (env.warmImages?.() ?? []) : [])));
  const pools = new Map<string, WarmPool>();
  const poolFor = (image: string): WarmPool => {
    let pool = pools.get(image);
    if (!pool) {
      pool = createWarmPool(driver!, image, poolSize, {
        prewarmTty: !noPrewarm.has(image),
        onError: (err) => console.error(`plateau: warm pool ${image}: ${err.message}`),
      });
      pools.set(image, pool);
    }
    return pool;
  };
  const takeSandbox = async (image: string): Promise<Sandbox> => {
    if (!driver) throw new Error(choice.reason);
    return poolSize > 0 ? poolFor(image).take() : driver.create({ image });
  };
  // Pools of the environments named in PLATEAU_WARM_AT_START (default bash) fill at start; the others
  // fill at their first episode (a pool's sandboxes, MariaDB's above all, cost CPU while they start).
  const warmAtStart = new Set((process.env.PLATEAU_WARM_AT_START ?? "bash").split(",").map((e) => e.trim()));
  if (driver && poolSize > 0) {
    for (const [name, env] of Object.entries(live)) {
      if (!warmAtStart.has(name)) continue;
      for (const image of env.warmImages?.() ?? []) if (await driver.hasImage(image)) poolFor(image);
    }
  }
  authenticateSockets(deps.io, deps.identities);
  const sessions = new SessionManager(deps.prisma, driver, takeSandbox, live, undefined, choice.reason);
  const orphans = await sessions.markOrphansInterrupted();
  if (orphans) console.log(`plateau: ${orphans} episodes were running when Plateau last stopped; marked interrupted`);
  registerPlayHandlers(deps.io, sessions, deps.prisma);
  const spectate = registerSpectate(
    deps.io,
    deps.testFeed ? orElse(sessions, deps.testFeed) : sessions,
    async (socket, episodeId) => {
      const owner = await episodeOwner(deps.prisma, episodeId);
      return owner !== null && canSeeEpisode(socketIdentity(socket), owner);
    },
  );
  // A finished episode's replay (its screen snapshots) is computed now, not when someone first opens it.
  sessions.onEpisodeEnded((id) => void warmReplay(deps.prisma, id).catch(() => {}));
  const agentRuns = startAgentRuns({
    prisma: deps.prisma,
    databaseUrl: deps.databaseUrl,
    io: deps.io,
    sessions,
    takeSandbox,
    resumeEveryMs: deps.resumeRunsEveryMs,
  });
  const engine = driver?.name === "docker" ? watchDockerEngine(driver as DockerDriver, sessions, pools) : null;

  return {
    sandbox: { driver: driver?.name ?? null, reason: choice.reason, warning: choice.warning },
    driver,
    live: { sessions, agentRuns: agentRuns.runner, apiEpisodes: new ApiEpisodes() },
    async stop() {
      engine?.dispose();
      await agentRuns.stop();
      spectate.dispose();
      await sessions.shutdown();
      await agentRuns.release();
      await Promise.all([...pools.values()].map((p) => p.drain()));
      if (driver) await driver.cleanup();
    },
  };
}

/**
 * The Docker engine restarting (or stopping) mid-episode. An engine away for three pings in a row:
 * its live episodes end as error with the reason (an episode whose container died has ended so
 * already, from its terminal). Every ping that answers also removes this instance's containers that
 * have exited (a restart stops them all, and they could not be removed while it was away), and when
 * there were any the warm pools throw their dead sandboxes away and fill again.
 */
function watchDockerEngine(driver: DockerDriver, sessions: SessionManager, pools: Map<string, WarmPool>): { dispose(): void } {
  const sweep = async (): Promise<boolean> => {
    const n = await driver.cleanup({ stoppedOnly: true });
    if (n) {
      console.log(
        `plateau: removed ${n} of this server's containers that had stopped (the engine restarted?); refilling the warm pools`,
      );
      await Promise.all([...pools.values()].map((p) => p.rebuild()));
    }
    return true;
  };
  return watchEngine({
    ping: () => sweep(),
    intervalMs: Number(process.env.PLATEAU_ENGINE_PING_MS ?? 2000),
    awayAfter: 3,
    onAway: () => {
      console.error(`plateau: the Docker engine at ${driver.engineUrl} does not answer; ending its live episodes`);
      void sessions.endAll(`the Docker engine at ${driver.engineUrl} stopped answering`);
    },
    onBack: () => console.log(`plateau: the Docker engine at ${driver.engineUrl} answers again`),
  });
}
