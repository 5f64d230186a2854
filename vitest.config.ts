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
    reporters: ["default", "json"],
    outputFile: { json: ".data/test-results/vitest.json" },
  },
});
