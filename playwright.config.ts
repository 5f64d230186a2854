import { defineConfig } from "@playwright/test";

// Browser tests run in Debian's Chromium (never a downloaded one) against a real Plateau server
// with its own embedded PostgreSQL under .data/e2e, started here and stopped when the run ends.
const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [["list"], ["json", { outputFile: ".data/test-results/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
    trace: "off",
  },
  // Tests of an empty server first, then the rest (which fill it).
  projects: [
    { name: "fresh server", testMatch: /fresh-server\.spec\.ts/ },
    { name: "e2e", testIgnore: /fresh-server\.spec\.ts/, dependencies: ["fresh server"] },
  ],
  webServer: {
    command: `bash scripts/e2e-server.sh ${port}`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
