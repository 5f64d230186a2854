import { defineConfig } from "vitest/config";
import path from "node:path";

// Unit tests (*.test.ts) sit beside the code. Integration tests (*.int.test.ts) talk to the real
// Docker engine and PostgreSQL that scripts/test.sh starts; they fail, never skip, when those are absent.

// Files that load the machine on purpose (a fork bomb, a memory hog, a disk filled to its cap) and
// check that the host stays responsive meanwhile: they run after the rest, one at a time, with nothing beside them.
const ALONE = ["lib/sandbox/docker.int.test.ts", "lib/sandbox/local.int.test.ts"];
const ALL = ["lib/**/*.test.ts", "tests/**/*.test.ts", "scripts/**/*.test.ts"];
const NEVER = ["node_modules", ".next", "e2e"];

export default defineConfig({
  resolve: { alias: { "@": path.resolve(".") } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    globalSetup: ["vitest.globalSetup.ts"],
    // Every test file starts its own Plateau: one warm sandbox per image, filled when a test first
    // asks (not 2 × every Bash image at each start), so the engine makes only the containers used.
    env: {
      PLATEAU_POOL_SIZE: process.env.PLATEAU_POOL_SIZE ?? "1",
      PLATEAU_WARM_AT_START: process.env.PLATEAU_WARM_AT_START ?? "none",
    },
    projects: [
      { extends: true, test: { name: "alone", include: ALONE, exclude: NEVER, maxWorkers: 1, sequence: { groupOrder: 1 } } },
      // The rest two files at a time (each has its own PostgreSQL and sandboxes, and spends most of its
      // time waiting on them): on this 2-core machine, vitest's default was one at a time.
      {
        extends: true,
        test: { name: "shared", include: ALL, exclude: [...NEVER, ...ALONE], maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
    ],
    reporters: ["default", "json"],
    outputFile: { json: ".data/test-results/vitest.json" },
  },
});
