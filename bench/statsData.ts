import type { Db } from "../lib/db";

// Synthetic episodes for bench/stats: `episodes` SQL episodes in 10 runs (four strategies, three
// models), each with `stepsPer` steps and an InterCode score, written by PostgreSQL itself.

export async function makeSyntheticEpisodes(prisma: Db, episodes: number, stepsPer: number): Promise<void> {
  await prisma.$executeRaw`SELECT setseed(0.42)`;
  await prisma.$executeRaw`
    INSERT INTO "Run" (id, name, kind, environment, model, strategy, "turnLimit", status, total)
    SELECT 'bench-run-' || i, 'bench run ' || i, 'agent', 'sql', 'model-' || (i % 3),
      (ARRAY['try_again', 'react', 'plan_solve', 'single_turn'])[i % 4 + 1], 10, 'done', ${episodes} / 10
    FROM generate_series(0, 9) AS i`;
  await prisma.$executeRaw`
    WITH tasks AS (SELECT array_agg(id ORDER BY index) AS ids, count(*)::int AS n FROM "Task" WHERE dataset = 'spider_dev')
    INSERT INTO "Episode" (id, "taskId", "runId", "playerKind", model, strategy, source, status, "turnLimit", turns, "errorRate")
    SELECT 'bench-ep-' || g, tasks.ids[1 + (g / 10) % tasks.n], 'bench-run-' || (g % 10), 'agent', 'model-' || ((g % 10) % 3),
      (ARRAY['try_again', 'react', 'plan_solve', 'single_turn'])[(g % 10) % 4 + 1], 'live', 'submitted', 10,
      1 + floor(random() * 10)::int, random()
    FROM generate_series(0, ${episodes - 1}) AS g, tasks`;
  await prisma.$executeRaw`
    INSERT INTO "Score" ("episodeId", mode, reward, success, "solvedAtTurn", "maxRewardIdx", version)
    SELECT id, 'intercode', CASE WHEN ok THEN 1 ELSE round(random()::numeric, 2)::float8 * 0.99 END, ok,
      CASE WHEN ok THEN at END, CASE WHEN ok THEN at - 1 END, 'bench'
    FROM (SELECT id, random() < 0.2 + 0.06 * (substr("runId", 11)::int) AS ok, 1 + floor(random() * 10)::int AS at
          FROM "Episode" WHERE id LIKE 'bench-ep-%') AS e`;
  await prisma.$executeRaw`
    INSERT INTO "Step" ("episodeId", index, action, observation, admissible, reward)
    SELECT e.id, s, 'SELECT name FROM singer WHERE age > ' || s, 'Error executing query: Unknown column ''nme'' in ''field list'' (synthetic ' || s || ')',
      random() > 0.3, 0
    FROM "Episode" e CROSS JOIN generate_series(0, ${stepsPer - 1}) AS s
    WHERE e.id LIKE 'bench-ep-%'`;
  await prisma.$executeRaw`ANALYZE`;
}
