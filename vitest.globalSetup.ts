import { rmSync } from "node:fs";
import { makeTestDatabaseTemplates, TEMPLATES_ENV } from "./lib/db/testing";
import { WITH_TASKS } from "./lib/tasks/testing";

// Once per run, before any test file: the data folders every test database is copied from. Each
// project runs its global set-up; the first one makes them, for all (the workers inherit the env).
export default async function setup(): Promise<(() => void) | void> {
  if (process.env[TEMPLATES_ENV]) return;
  const root = await makeTestDatabaseTemplates([WITH_TASKS]);
  process.env[TEMPLATES_ENV] = root;
  return () => {
    rmSync(root, { recursive: true, force: true });
    delete process.env[TEMPLATES_ENV];
  };
}
