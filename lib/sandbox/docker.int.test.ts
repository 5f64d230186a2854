// The docker driver against a real engine and the plateau/bash-fs1 image: the sandbox contract
// (testing/sandboxContract.ts, which local.int.test.ts runs too), then what only this driver has.
// Needs: scripts/engine.sh start && scripts/build-images.sh. Fails (never skips) without them.
import { spawnSync } from "node:child_process";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { createDockerDriver, type DockerDriver } from "./docker";
import { OWNER_LABEL, SANDBOX_LIMITS, type Sandbox } from "./types";
import { IMAGE, sandboxContract, useSandbox } from "./testing/sandboxContract";

const t = useSandbox<DockerDriver>(async () => {
  const driver = createDockerDriver();
  const processes = async (sb: Sandbox) => {
    const stats = await driver.docker.getContainer(sb.id).stats({ stream: false, "one-shot": true } as { stream: false });
    return stats.pids_stats?.current ?? 0;
  };
  return { driver, withLimits: (limits) => createDockerDriver({ limits }), processes };
}, "docker.int");

describe("docker sandbox: the contract", () => sandboxContract(t));

describe("docker sandbox: what only this driver has", () => {
  it("applies the limits as the container's HostConfig", async () => {
    t.ready();
    const info = await t.driver.docker.getContainer(t.sb.id).inspect();
    expect(info.HostConfig).toMatchObject({
      NetworkMode: "none",
      Memory: SANDBOX_LIMITS.memoryBytes,
      MemorySwap: SANDBOX_LIMITS.memoryBytes,
      PidsLimit: SANDBOX_LIMITS.pids,
      NanoCpus: SANDBOX_LIMITS.nanoCpus,
      SecurityOpt: ["no-new-privileges"],
      CapDrop: ["ALL"],
    });
  });

  it("says its disk is capped on scripts/engine.sh's engine (btrfs)", async () => {
    t.ready();
    expect(await t.driver.diskCap()).toEqual({ kind: "size", imageCounts: "ask" });
    expect((await t.driver.status()).limits).toMatch(
      /^caps per sandbox: memory 512 MiB, 256 processes, 1 CPU, disk 512 MiB written$/,
    );
  });

  it("cleanup() removes this instance's containers and a crashed instance's, not a live one's", async () => {
    t.ready();
    const { driver, sb } = t;
    const dead = spawnSync("true").pid; // a pid that has ended
    const crashed = await driver.docker.createContainer({
      Image: IMAGE,
      Cmd: ["true"],
      Labels: { [OWNER_LABEL]: `${os.hostname()}-${dead}-abc` },
    });
    const live = await driver.docker.createContainer({
      Image: IMAGE,
      Cmd: ["true"],
      Labels: { [OWNER_LABEL]: `${os.hostname()}-1-abc` },
    });
    try {
      expect(await driver.cleanup()).toBeGreaterThanOrEqual(2); // the crashed one and this file's sandbox
      await expect(crashed.inspect()).rejects.toThrow();
      expect(await sb.alive()).toBe(false);
      await live.inspect(); // pid 1 is alive: kept
    } finally {
      await live.remove({ force: true });
    }
  });
});
