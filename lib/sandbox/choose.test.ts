import { describe, expect, it } from "vitest";
import { chooseDriver } from "./choose";
import type { DriverStatus, SandboxDriver } from "./types";

const driver = (name: "docker" | "local", status: DriverStatus) => async () =>
  ({ name, status: async () => status }) as unknown as SandboxDriver;

describe("choosing a sandbox driver", () => {
  it("says what the chosen driver caps, and plainly what it does not, in the reason health and home show", async () => {
    const notCapped =
      "caps per sandbox: memory 512 MiB, 256 processes, 1 CPU; sandbox disk NOT capped: the engine keeps containers on overlay2 on extfs, …";
    const choice = await chooseDriver(
      {
        docker: driver("docker", { ok: true, limits: notCapped, warning: "sandbox disk NOT capped: …" }),
        local: driver("local", { ok: true }),
      },
      undefined,
    );
    expect(choice.driver?.name).toBe("docker");
    expect(choice.reason).toBe(`a Docker engine answers; ${notCapped}`);
    expect(choice.warning).toBe("sandbox disk NOT capped: …");
  });

  it("falls back to local with both reasons, its limits included", async () => {
    const choice = await chooseDriver(
      {
        docker: driver("docker", { ok: false, reason: "no Docker engine answers" }),
        local: driver("local", { ok: true, limits: "caps per sandbox: disk 512 MiB written" }),
      },
      undefined,
    );
    expect(choice.reason).toBe(
      "no Docker engine answers (docker: no Docker engine answers); bubblewrap works; caps per sandbox: disk 512 MiB written",
    );
  });
});
