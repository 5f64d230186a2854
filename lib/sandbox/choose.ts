import type { SandboxDriver } from "./types";

export interface DriverChoice {
  driver: SandboxDriver | null;
  reason: string;
  /** What the chosen driver cannot cap here, said plainly. */
  warning?: string;
}

/**
 * Docker when an engine answers, else the local driver when bubblewrap works, else none — with
 * the reason, so the UI can say exactly what is missing. PLATEAU_SANDBOX=docker|local forces one.
 */
export async function chooseDriver(
  candidates: { docker: () => Promise<SandboxDriver>; local: () => Promise<SandboxDriver> },
  forced = process.env.PLATEAU_SANDBOX,
): Promise<DriverChoice> {
  const order =
    forced === "local" ? (["local"] as const) : forced === "docker" ? (["docker"] as const) : (["docker", "local"] as const);
  const why: string[] = [];
  for (const name of order) {
    let driver: SandboxDriver;
    try {
      driver = await candidates[name]();
    } catch (err) {
      why.push(`${name}: ${(err as Error).message}`);
      continue;
    }
    const status = await driver.status();
    if (status.ok) {
      const reason = forced
        ? `${name} (PLATEAU_SANDBOX=${forced})`
        : name === "docker"
          ? "a Docker engine answers"
          : `no Docker engine answers (${why.join("; ")}); bubblewrap works`;
      return { driver, reason: status.limits ? `${reason}; ${status.limits}` : reason, warning: status.warning };
    }
    why.push(`${name}: ${status.reason ?? "not available"}`);
  }
  return { driver: null, reason: `no sandbox can run player commands safely — ${why.join("; ")}` };
}
