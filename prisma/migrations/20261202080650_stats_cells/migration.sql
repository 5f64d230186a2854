-- CreateTable
CREATE TABLE "StatsEntry" (
    "episodeId" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "cell" TEXT NOT NULL,
    "runId" TEXT,
    "taskId" INTEGER NOT NULL,
    "model" TEXT,
    "strategy" TEXT,
    "playerKind" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "execution" TEXT NOT NULL,
    "studyId" TEXT,
    "participantId" TEXT,
    "turnLimit" INTEGER,
    "success" BOOLEAN,
    "solvedAtTurn" INTEGER,
    "turns" INTEGER NOT NULL,
    "errorRate" DOUBLE PRECISION,

    CONSTRAINT "StatsEntry_pkey" PRIMARY KEY ("episodeId","mode","version")
);

-- CreateTable
CREATE TABLE "StatsCell" (
    "cell" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "runId" TEXT,
    "taskId" INTEGER NOT NULL,
    "model" TEXT,
    "strategy" TEXT,
    "playerKind" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "execution" TEXT NOT NULL,
    "studyId" TEXT,
    "participantId" TEXT,
    "turnLimit" INTEGER,
    "success" BOOLEAN,
    "solvedAtTurn" INTEGER,
    "n" INTEGER NOT NULL,
    "turns" INTEGER NOT NULL,
    "errSum" DOUBLE PRECISION NOT NULL,
    "errN" INTEGER NOT NULL,

    CONSTRAINT "StatsCell_pkey" PRIMARY KEY ("cell")
);

-- CreateIndex
CREATE INDEX "StatsCell_mode_runId_idx" ON "StatsCell"("mode", "runId");

-- AddForeignKey
ALTER TABLE "StatsEntry" ADD CONSTRAINT "StatsEntry_episodeId_fkey" FOREIGN KEY ("episodeId") REFERENCES "Episode"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- What each episode counts for, as lib/stats/statsSql.ts counted it over Episode ⟕ Score: per score
-- mode, each of its scores (in intercode mode not the re-scored one: the logged one counts), else,
-- when it was skipped or ended in an error, one unscored entry; practice episodes count for nothing.
-- The modes are lib/stats/groupKeys.ts's SCORE_MODES.
CREATE VIEW stats_entry_source AS
SELECT e.id AS "episodeId", m.mode, COALESCE(s.version, '') AS version,
  md5(ROW(m.mode, e."runId", e."taskId", e.model, e.strategy, e."playerKind", e.source, e.execution, e."studyId",
    e."participantId", e."turnLimit", s.success, s."solvedAtTurn")::text) AS cell,
  e."runId", e."taskId", e.model, e.strategy, e."playerKind", e.source, e.execution, e."studyId", e."participantId",
  e."turnLimit", s.success, s."solvedAtTurn", e.turns, e."errorRate"
FROM "Episode" e
  CROSS JOIN unnest(ARRAY['intercode', 'plateau', 'mucode']) AS m(mode)
  LEFT JOIN "Score" s ON s."episodeId" = e.id AND s.mode = m.mode AND NOT (s.mode = 'intercode' AND s.version = 'rescored')
WHERE NOT e.practice AND (s."episodeId" IS NOT NULL OR e.status IN ('skipped', 'error'));

-- Backfill: every episode's entries, then the cells they sum to.
INSERT INTO "StatsEntry" SELECT * FROM stats_entry_source;
INSERT INTO "StatsCell"
SELECT cell, mode, "runId", "taskId", model, strategy, "playerKind", source, execution, "studyId", "participantId",
  "turnLimit", success, "solvedAtTurn", count(*), sum(turns), COALESCE(sum("errorRate"), 0), count("errorRate")
FROM "StatsEntry"
GROUP BY cell, mode, "runId", "taskId", model, strategy, "playerKind", source, execution, "studyId", "participantId",
  "turnLimit", success, "solvedAtTurn";

-- An episode's entries written again from what it is now (statement-level: one pass for a bulk import).
-- The ids are joined, never tested with = ANY(ids): a planner that believes a table small (right
-- after a bulk insert, before ANALYZE) scans it and tests every row against every id.
CREATE FUNCTION stats_refresh(ids text[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "StatsEntry" se USING unnest(ids) AS i(id) WHERE se."episodeId" = i.id;
  INSERT INTO "StatsEntry" SELECT v.* FROM unnest(ids) AS i(id) JOIN stats_entry_source v ON v."episodeId" = i.id;
$$;

CREATE FUNCTION stats_refresh_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME <> 'Episode' THEN
    PERFORM stats_refresh(ARRAY(SELECT DISTINCT "episodeId" FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM stats_refresh(ARRAY(SELECT id FROM new_rows));
  ELSE
    -- A new episode has no score yet: it counts now only when it starts skipped or in an error.
    PERFORM stats_refresh(ARRAY(SELECT id FROM new_rows WHERE status IN ('skipped', 'error')));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION stats_refresh_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_refresh(ARRAY(SELECT DISTINCT "episodeId" FROM old_rows));
  RETURN NULL;
END $$;

-- An episode's deletion removes its entries by the foreign key's cascade.
CREATE TRIGGER stats_episode_insert AFTER INSERT ON "Episode"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_refresh_new();
CREATE TRIGGER stats_episode_update AFTER UPDATE ON "Episode"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_refresh_new();
CREATE TRIGGER stats_score_insert AFTER INSERT ON "Score"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_refresh_new();
CREATE TRIGGER stats_score_update AFTER UPDATE ON "Score"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_refresh_new();
CREATE TRIGGER stats_score_delete AFTER DELETE ON "Score"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_refresh_old();

-- Cells follow their entries: added, subtracted, and gone when empty (a group with no episode is no group).
CREATE FUNCTION stats_cells_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "StatsCell" AS c
  SELECT cell, mode, "runId", "taskId", model, strategy, "playerKind", source, execution, "studyId", "participantId",
    "turnLimit", success, "solvedAtTurn", count(*), sum(turns), COALESCE(sum("errorRate"), 0), count("errorRate")
  FROM new_rows
  GROUP BY cell, mode, "runId", "taskId", model, strategy, "playerKind", source, execution, "studyId", "participantId",
    "turnLimit", success, "solvedAtTurn"
  ORDER BY cell
  ON CONFLICT (cell) DO UPDATE SET n = c.n + EXCLUDED.n, turns = c.turns + EXCLUDED.turns,
    "errSum" = c."errSum" + EXCLUDED."errSum", "errN" = c."errN" + EXCLUDED."errN";
  RETURN NULL;
END $$;

CREATE FUNCTION stats_cells_subtract() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "StatsCell" c SET n = c.n - o.n, turns = c.turns - o.turns, "errSum" = c."errSum" - o.err, "errN" = c."errN" - o.err_n
  FROM (SELECT cell, count(*) AS n, sum(turns) AS turns, COALESCE(sum("errorRate"), 0) AS err, count("errorRate") AS err_n
        FROM old_rows GROUP BY cell) o
  WHERE c.cell = o.cell;
  DELETE FROM "StatsCell" c USING (SELECT DISTINCT cell FROM old_rows) o WHERE c.cell = o.cell AND c.n <= 0;
  RETURN NULL;
END $$;

CREATE TRIGGER stats_cells_insert AFTER INSERT ON "StatsEntry"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_cells_add();
CREATE TRIGGER stats_cells_delete AFTER DELETE ON "StatsEntry"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_cells_subtract();
