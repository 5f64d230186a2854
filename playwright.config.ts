import { defineConfig } from "@playwright/test";
import { E2E_PORT, stateFile } from "./e2e/accounts";
import { CHROMIUM_LAUNCH } from "./e2e/chromium";

// Browser tests run in Debian's Chromium (never a downloaded one) against a real Plateau server
// with its own embedded PostgreSQL under .data/e2e, started here and stopped when the run ends.
const port = E2E_PORT;

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two lanes: the fault suite (its own servers, ports and data folders: half the suite's time) beside
  // the rest, which shares one server and runs one file at a time.
  workers: 2,
  reporter: [["list"], ["json", { outputFile: ".data/test-results/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    launchOptions: CHROMIUM_LAUNCH,
    trace: "off",
  },
  // The accounts first (auth.setup.ts), then tests of an empty server, then the rest (which fill
  // it); each starts signed in as a researcher unless it says otherwise.
  projects: [
    { name: "accounts", testMatch: /auth\.setup\.ts/, workers: 1 },
    {
      name: "fresh server",
      testMatch: /fresh-server\.spec\.ts/,
      dependencies: ["accounts"],
      use: { storageState: stateFile("researcher") },
      workers: 1,
    },
    {
      name: "e2e",
      testIgnore: /fresh-server\.spec\.ts|auth\.setup\.ts|faults\.spec\.ts/,
      dependencies: ["fresh server"],
      use: { storageState: stateFile("researcher") },
      workers: 1,
    },
    // After the same projects as "e2e" only so that both run at once: Playwright runs projects in
    // waves of dependencies.
    { name: "faults", testMatch: /faults\.spec\.ts/, dependencies: ["fresh server"], workers: 1 },
  ],
  webServer: {
    command: `bash scripts/e2e-server.sh ${port}`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // SIGTERM, so the server stops its embedded PostgreSQL (its own process group): the default
    // SIGKILL left it holding the port, and the next run could not start. After the whole suite the
    // ordered stop removes a dozen containers on a loaded engine: 20 s was once too short (killed
    // mid-stop, its PostgreSQL and containers were left).
    gracefulShutdown: { signal: "SIGTERM", timeout: 90_000 },
    stdout: "pipe",
    stderr: "pipe",
  },
});
