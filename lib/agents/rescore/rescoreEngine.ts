import type { Db } from "../../db";
import { chooseDriver } from "../../sandbox/choose";
import { createWarmPool, type WarmPool } from "../../sandbox/pool";
import type { Sandbox } from "../../sandbox/types";
import { SessionManager } from "../../sessions/SessionManager";
import { liveEnvironments, type EnvironmentName } from "../../environments";
import type { ReplayEngine } from "./replayEpisode";

// Plateau's live half for a rescore outside the server (the CLI): a sandbox driver, a warm pool
// per image, and a SessionManager with every environment that plays live. It removes only the
// sandboxes it made (never cleanup(): the server and others may share the engine).

export interface RescoreEngine {
  engine: ReplayEngine;
  /** The environments whose episodes can be replayed. */
  playable: string[];
  driver: string;
  close(): Promise<void>;
}

export async function openRescoreEngine(prisma: Db, o: { concurrency: number }): Promise<RescoreEngine> {
  const choice = await chooseDriver({
    docker: async () => (await import("../../sandbox/docker")).createDockerDriver(),
    local: async () => (await import("../../sandbox/local")).createLocalDriver(),
  });
  const driver = choice.driver;
  if (!driver) throw new Error(`no sandbox driver: ${choice.reason}`);
  const pools = new Map<string, WarmPool>();
  const takeSandbox = (image: string): Promise<Sandbox> => {
    let pool = pools.get(image);
    // One ready sandbox per concurrent replay, and one for a gold run.
    if (!pool)
      pools.set(
        image,
        (pool = createWarmPool(driver, image, o.concurrency + 1, {
          onError: (err) => console.error(`plateau: warm pool ${image}: ${err.message}`),
        })),
      );
    return pool.take();
  };
  const live = liveEnvironments();
  const sessions = new SessionManager(prisma, driver, takeSandbox, live, undefined, choice.reason);
  return {
    driver: driver.name,
    playable: Object.keys(live),
    engine: {
      start: (opts) => sessions.start(opts),
      scorerOf: (task) => live[task.environment as EnvironmentName]!.scorer(task, takeSandbox),
    },
    async close() {
      await sessions.shutdown();
      await Promise.all([...pools.values()].map((p) => p.drain()));
    },
  };
}
