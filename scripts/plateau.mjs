#!/usr/bin/env node
// `plateau` (npx plateau …): import InterCode logs and print stats, talking to the database directly.
// The commands are TypeScript under scripts/cli; tsx's loader runs them without a build step.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
register();
const { main } = await import(pathToFileURL(path.join(root, "scripts/cli/main.ts")).href);
const code = await main(process.argv.slice(2), { root, cwd: process.cwd() });
// process.exitCode alone is lost once tsx's loader hooks are registered (Node 20): exit explicitly,
// after stdout and stderr have taken everything written.
await Promise.all([process.stdout, process.stderr].map((s) => new Promise((resolve) => s.write("", resolve))));
process.exit(code);
