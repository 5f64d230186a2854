// The migration that made Episode.status an enum keeps every stored status: a database migrated up
// to the one before it, with an episode in each status (a plain string then), has the same statuses
// after it, now of type "EpisodeStatus".
import { chmodSync, cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "./embedded";
import { applyMigrations } from "./migrate";
import { freePort } from "./testing";

const MIGRATION = "20261202022526_episode_status_enum";
// The statuses as they were stored (strings) when the migration was written.
const STATUSES = ["active", "submitted", "skipped", "abandoned", "interrupted", "error"];

const dir = mkdtempSync(path.join(os.tmpdir(), "plateau-status-migration-"));
chmodSync(dir, 0o755); // as root, the server runs as "postgres", which must enter it
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** prisma/migrations up to (not including) `before`. */
function migrationsBefore(before: string): string {
  const out = path.join(dir, "migrations");
  const src = path.resolve("prisma/migrations");
  for (const e of readdirSync(src, { withFileTypes: true })) {
    if (e.isDirectory() && e.name >= before) continue;
    cpSync(path.join(src, e.name), path.join(out, e.name), { recursive: true });
  }
  return out;
}

describe("the EpisodeStatus migration", () => {
  it("keeps each episode's status string as the enum value of the same name", async () => {
    const server = await startEmbeddedPostgres(path.join(dir, "pg"), await freePort());
    const client = new pg.Client({ connectionString: server.url });
    try {
      expect(await applyMigrations(server.url, migrationsBefore(MIGRATION))).not.toContain(MIGRATION);
      await client.connect();
      const task = await client.query(
        `INSERT INTO "Task" (environment, dataset, index, query, gold) VALUES ('bash', 'nl2bash', 0, 'q', 'ls') RETURNING id`,
      );
      for (const s of STATUSES) {
        await client.query(`INSERT INTO "Episode" (id, "taskId", "playerKind", status) VALUES ($1, $2, 'human', $3)`, [
          `ep-${s}`,
          task.rows[0].id,
          s,
        ]);
      }

      expect((await applyMigrations(server.url))[0]).toBe(MIGRATION);

      const rows = await client.query(
        `SELECT id, status::text AS status, pg_typeof(status)::text AS type FROM "Episode" ORDER BY id`,
      );
      expect(rows.rows).toEqual(
        STATUSES.map((s) => ({ id: `ep-${s}`, status: s, type: '"EpisodeStatus"' })).sort((a, b) => a.id.localeCompare(b.id)),
      );
      const fresh = await client.query(
        `INSERT INTO "Episode" (id, "taskId", "playerKind") VALUES ('ep-new', $1, 'human') RETURNING status::text AS status`,
        [task.rows[0].id],
      );
      expect(fresh.rows[0].status).toBe("active");
    } finally {
      await client.end().catch(() => {});
      await server.stop();
    }
  });
});
