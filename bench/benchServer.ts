// A production Plateau for benchmarks: its own port, its own embedded PostgreSQL under
// .data/bench-server-PORT, started and stopped by the bench that needs it. Also the figures' formatting.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import type { Browser, BrowserContext } from "@playwright/test";
import { embeddedUrl } from "../lib/db/embedded";

export interface BenchServer {
  url: string;
  /** Its database (the embedded PostgreSQL under its data folder). */
  dbUrl(): string;
  /** The server's process (its CPU is measured with its children). */
  pid: number;
  /** The operator's signed-in browser state (start-up's one-time link, followed once): give it to every context. */
  storageState(browser: Browser): Promise<StorageState>;
  stop(): Promise<void>;
}

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** cpuProfDir: write the server's V8 CPU profile there when it stops (where does the time go). */
/** pgPort: its embedded PostgreSQL (default port + 100). */
export async function startBenchServer(
  opts: { driver?: "docker" | "local"; poolSize?: number; port?: number; pgPort?: number; cpuProfDir?: string } = {},
): Promise<BenchServer> {
  const port = opts.port ?? 3500;
  const pgPort = opts.pgPort ?? port + 100;
  if (!existsSync(`${process.env.PLATEAU_NEXT_DIST ?? ".next"}/BUILD_ID`)) {
    console.log("bench: building the pages (next build)…");
    const b = spawnSync("node_modules/.bin/next", ["build"], {
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (b.status !== 0) throw new Error("next build failed");
  }
  const dataDir = `.data/bench-server-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  const engine = spawnSync("bash", ["scripts/engine.sh", "env"], { encoding: "utf8" });
  const dockerHost = /DOCKER_HOST=(\S+)/.exec(engine.stdout ?? "")?.[1];
  const child: ChildProcess = spawn(
    process.execPath,
    // tsx as a loader, not its CLI: no relay process between the stop signal and the server.
    [...(opts.cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${opts.cpuProfDir}`] : []), "--import", "tsx", "server.ts"],
    {
      env: {
        ...process.env,
        ...(dockerHost ? { DOCKER_HOST: dockerHost } : {}),
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        PORT: String(port),
        PLATEAU_DATA_DIR: dataDir,
        PLATEAU_ROOTFS_DIR: process.env.PLATEAU_ROOTFS_DIR ?? `${process.cwd()}/.data/rootfs`,
        PLATEAU_PG_PORT: String(pgPort),
        PLATEAU_SANDBOX: opts.driver ?? "",
        PLATEAU_POOL_SIZE: String(opts.poolSize ?? 2),
        // Benches open many episodes as one account, and leave them to the idle timeout.
        PLATEAU_MAX_SANDBOXES: "1000",
        PLATEAU_MAX_SANDBOXES_PER_ACCOUNT: "1000",
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  process.once("exit", () => child.kill("SIGTERM")); // a bench that fails must not leave its server running
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  const link = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the bench server exited (${code})`)));
    child.stdout!.on("data", (d: Buffer) => {
      log += d.toString();
      const m = /(http:\/\/\S+\/api\/auth\/magic-link\/verify\S+)/.exec(log);
      if (m) resolve(m[1]);
    });
  });
  let state: Promise<StorageState> | null = null;
  return {
    url,
    dbUrl: () => embeddedUrl(`${dataDir}/postgres`, pgPort),
    pid: child.pid!,
    storageState(browser) {
      state ??= (async () => {
        const ctx = await browser.newContext();
        const page = await ctx.newPage();
        await page.goto(link);
        const s = await ctx.storageState();
        await ctx.close();
        return s;
      })();
      return state;
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}

/** A Chrome trace's categories with the JS sampler: which functions the main thread ran, not only that it was busy. */
export const TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "disabled-by-default-v8.cpu_profiler",
  "blink",
  "toplevel",
  "blink.user_timing",
];

export interface Summary {
  n: number;
  median: number;
  p99: number;
  max: number;
}

export function summarize(samples: number[]): Summary {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
  return { n: s.length, median: q(0.5), p99: q(0.99), max: s[s.length - 1] };
}

export function printRow(what: string, s: Summary, target: string): void {
  console.log(
    `${what.padEnd(44)} median ${s.median.toFixed(1).padStart(7)} ms   p99 ${s.p99.toFixed(1).padStart(7)} ms   (n=${s.n})   target: ${target}`,
  );
}
