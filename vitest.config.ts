import { defineConfig } from "vitest/config";
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
