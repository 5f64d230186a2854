// `prisma generate` offline: the CLI insists on a schema-engine binary it never uses for generate,
// so point it at any existing file (PLATFORM.md). Runs on postinstall and before builds.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("prisma/schema.prisma")) process.exit(0);
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
};
const r = spawnSync("node_modules/.bin/prisma", ["generate"], { stdio: "inherit", env });
process.exit(r.status ?? 1);
