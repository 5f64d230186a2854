import { defineConfig } from "@playwright/test";
// Local run of the fault suite alone (not committed): it starts its own servers.
export default defineConfig({ testDir: "e2e", testMatch: /faults\.spec\.ts/, timeout: 600_000, workers: 1, reporter: [["list"]] });
