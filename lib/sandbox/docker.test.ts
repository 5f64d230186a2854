import type Docker from "dockerode";
import { describe, expect, it, vi } from "vitest";
import { createDockerDriver } from "./docker";

// What the docker driver asks an engine for a sandbox's disk, with a stand-in engine that records
// the containers it is asked to create (the real engine: docker.int.test.ts).

const MiB = 1024 * 1024;

/** btrfs: "full" qgroups charge the image to a container (a size below it is refused), "simple" quotas do not. */
function fakeEngine(
  info: { Driver: string; DriverStatus?: [string, string][] },
  refuseSize = false,
  btrfsQuota: "full" | "simple" = "full",
) {
  const created: Record<string, unknown>[] = [];
  const probes: string[] = [];
  const docker = {
    ping: async () => "OK",
    version: async () => ({ Version: "20.10", ApiVersion: "1.41" }),
    info: async () => info,
    getImage: () => ({ inspect: async () => ({ Size: 265 * MiB }) }),
    createContainer: async (o: { Cmd: string[]; HostConfig: { StorageOpt?: { size: string } } }) => {
      if (o.Cmd[0] === "true") {
        probes.push(o.HostConfig.StorageOpt!.size);
        if (btrfsQuota === "full")
          throw new Error("(HTTP code 500) server error - Failed to limit qgroup for &{}: disk quota exceeded");
        return { remove: async () => {} };
      }
      created.push(o.HostConfig);
      if (refuseSize && o.HostConfig.StorageOpt)
        throw new Error("(HTTP code 500) --storage-opt is supported only for overlay over xfs with 'pquota' mount option");
      throw new Error("stop here"); // the test needs only what was asked for
    },
  } as unknown as Docker;
  return { docker, created, probes };
}

describe("docker driver and the sandbox disk", () => {
  it("on btrfs with full qgroups, sizes each container at its image plus the cap (the qgroup counts the image)", async () => {
    const { docker, created, probes } = fakeEngine({ Driver: "btrfs" });
    const d = createDockerDriver({ docker, limits: { diskBytes: 64 * MiB } });
    expect((await d.status()).limits).toBe("caps per sandbox: memory 512 MiB, 256 processes, 1 CPU, disk 64 MiB written");
    await expect(d.create({ image: "plateau/bash-fs1" })).rejects.toThrow("stop here");
    expect(created[0].StorageOpt).toEqual({ size: String(265 * MiB + 64 * MiB) });
    await expect(d.create({ image: "plateau/bash-fs1" })).rejects.toThrow("stop here");
    expect(probes).toEqual(["1M"]); // asked once per engine
  });

  it("on btrfs with simple quotas, sizes each container at the cap alone (only what it writes counts)", async () => {
    const { docker, created, probes } = fakeEngine({ Driver: "btrfs" }, false, "simple");
    const d = createDockerDriver({ docker, limits: { diskBytes: 64 * MiB } });
    await expect(d.create({ image: "plateau/bash-fs1" })).rejects.toThrow("stop here");
    await expect(d.create({ image: "plateau/bash-fs2" })).rejects.toThrow("stop here");
    expect(created.map((c) => c.StorageOpt)).toEqual([{ size: String(64 * MiB) }, { size: String(64 * MiB) }]);
    expect(probes).toEqual(["1M"]);
  });

  it("says plainly that an engine it does not own on overlay2/extfs cannot cap, and asks it for no size", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { docker, created } = fakeEngine({ Driver: "overlay2", DriverStatus: [["Backing Filesystem", "extfs"]] });
    const d = createDockerDriver({ docker });
    const st = await d.status();
    expect(st.ok).toBe(true);
    expect(st.warning).toMatch(
      /^sandbox disk NOT capped: the engine keeps containers on overlay2 on extfs, .*Plateau does not own this engine/,
    );
    expect(st.limits).toBe(`caps per sandbox: memory 512 MiB, 256 processes, 1 CPU; ${st.warning}`);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("sandbox disk NOT capped"));
    await expect(d.create({ image: "plateau/bash-fs1" })).rejects.toThrow("stop here");
    expect(created[0].StorageOpt).toBeUndefined();
    warn.mockRestore();
  });

  it("tries a size on overlay2/xfs once; refused (no pquota), it creates without and says so from then on", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { docker, created } = fakeEngine({ Driver: "overlay2", DriverStatus: [["Backing Filesystem", "xfs"]] }, true);
    const d = createDockerDriver({ docker, limits: { diskBytes: 64 * MiB } });
    await expect(d.create({ image: "plateau/bash-fs1" })).rejects.toThrow("stop here");
    expect(created.map((c) => c.StorageOpt)).toEqual([{ size: String(64 * MiB) }, undefined]);
    expect((await d.status()).warning).toMatch(/NOT capped: the engine keeps containers on overlay2 on xfs without pquota/);
    await expect(d.create({ image: "plateau/bash-fs1" })).rejects.toThrow("stop here");
    expect(created).toHaveLength(3);
    expect(created[2].StorageOpt).toBeUndefined();
    warn.mockRestore();
  });
});
