// Create a migration offline: diff prisma/schema.prisma against the schema saved with the previous
// migration (the CLI's `migrate dev` needs a native engine and a shadow database; neither is here).
//   npm run migrate:new -- <name>
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openSchemaEngine } from "../lib/db/migrate";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run migrate:new -- <name in snake_case>");
  process.exit(2);
}
const dir = path.resolve("prisma/migrations");
const snapshot = path.join(dir, "schema.snapshot.prisma");
const current = readFileSync("prisma/schema.prisma", "utf8");
const previous = existsSync(snapshot) ? readFileSync(snapshot, "utf8") : null;
const file = (content: string) => ({ files: [{ path: "schema.prisma", content }] });

// The engine connects on start, though a diff of two schema files never touches the database.
const url = process.env.DATABASE_URL;
if (!url) {
  console.error("set DATABASE_URL to any reachable PostgreSQL (e.g. the one `npm start` runs)");
  process.exit(2);
}
const engine = await openSchemaEngine(url, current);
const result = await engine.diff({
  from: previous ? { tag: "schemaDatamodel", ...file(previous) } : { tag: "empty" },
  to: { tag: "schemaDatamodel", ...file(current) },
  script: true,
  exitCode: true,
  filters: { externalTables: [], externalEnums: [] },
});
await engine.close();
if (result.exitCode !== 2 || !result.stdout?.trim()) {
  console.log("the schema has not changed: no migration written");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
const target = path.join(dir, `${stamp}_${name}`);
mkdirSync(target, { recursive: true });
writeFileSync(path.join(target, "migration.sql"), result.stdout);
writeFileSync(snapshot, current);
if (!existsSync(path.join(dir, "migration_lock.toml"))) {
  writeFileSync(path.join(dir, "migration_lock.toml"), 'provider = "postgresql"\n');
}
console.log(`wrote ${path.relative(process.cwd(), target)}/migration.sql`);
