import { defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

// Unit tests (*.test.ts) sit beside the code. Integration tests (*.int.test.ts) talk to the real
// Docker engine and PostgreSQL that scripts/test.sh starts; they fail, never skip, when those are absent.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(".") } },
  test: {
    include: ["lib/**/*.test.ts", "tests/**/*.test.ts", "scripts/**/*.test.ts"],
    exclude: ["node_modules", ".next", "e2e"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Files in parallel, one per core (up to four): each has its own PostgreSQL and sandboxes, and most
    // of a file's time is spent waiting on them. Vitest's default here was one at a time: on two
    // cores, 12.2 min for the suite, 7.2 min two at a time (2026-12-03, all 1,082 passed).
    maxWorkers: Math.min(4, os.availableParallelism()),
    // Every test file starts its own Plateau: one warm sandbox per image, filled when a test first
    // asks (not 2 × every Bash image at each start), so the engine makes only the containers used.
    env: {
      PLATEAU_POOL_SIZE: process.env.PLATEAU_POOL_SIZE ?? "1",
      PLATEAU_WARM_AT_START: process.env.PLATEAU_WARM_AT_START ?? "none",
    },
    reporters: ["default", "json"],
    outputFile: { json: ".data/test-results/vitest.json" },
  },
});
