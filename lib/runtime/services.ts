import type { Server as SocketServer } from "socket.io";
import type { Db } from "../db";
import type { SandboxInfo } from "./context";
import { chooseDriver } from "../sandbox/choose";

export interface ServiceDeps {
  prisma: Db;
  io: SocketServer;
  services: Map<string, unknown>;
}

export interface RunningServices {
  sandbox: SandboxInfo;
  stop(): Promise<void>;
}

/** Start the long-lived services (sandbox driver, live sessions, agent runs) and say how to stop them. */
export async function startServices(deps: ServiceDeps): Promise<RunningServices> {
  const choice = await chooseDriver({
    docker: async () => (await import("../sandbox/docker")).createDockerDriver(),
    local: async () => (await import("../sandbox/local")).createLocalDriver(),
  });
  const driver = choice.driver;
  if (driver) {
    const removed = await driver.cleanup();
    if (removed) console.log(`plateau: removed ${removed} sandboxes left by an earlier run`);
    deps.services.set("sandbox", driver);
  }
  const stops: Array<() => Promise<unknown>> = [];
  if (driver) stops.push(() => driver.cleanup());
  return {
    sandbox: { driver: driver?.name ?? null, reason: choice.reason },
    async stop() {
      for (const s of stops.reverse()) await s();
    },
  };
}
