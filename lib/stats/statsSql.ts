// From ../db/client, not ../db: the latter pulls the migration engine into Next bundles.
import { Prisma, type Db } from "../db/client";
import { KEY_SEPARATOR, NONE, type GroupKey } from "./groupKeys";
import type { StatsQuery } from "./statsQuery";

// The aggregations behind /api/stats, in SQL over StatsCell (⨝ Task, ⨝ Run when the request needs
// them): what every episode counts for, per score mode, summed by database triggers over episodes
// with the same run, task, outcome and other columns (the migration 20261202080650_stats_cells says
// which episodes count: every scored one; one that ended without a score when it was skipped or
// stopped by an error (endpoint down, harness failure), as unsolved — leaving them out would raise
// SR; never an active, abandoned or interrupted one, which a batch run plays again, nor a study's
// practice task). A cell's n episodes are summed where an episode counted one.
// Group expressions come only from the whitelist below; every value from the request
// is a bound parameter. Rows are grouped by the raw expressions, and the text key of a group is
// built once per group, not once per episode.

const GROUP_SQL: Record<GroupKey, Prisma.Sql> = {
  run: Prisma.raw(`COALESCE(r.name, '(no run)')`),
  model: Prisma.raw(`c.model`),
  strategy: Prisma.raw(`c.strategy`),
  player: Prisma.raw(`c."playerKind"`),
  environment: Prisma.raw(`t.environment`),
  dataset: Prisma.raw(`t.dataset`),
  hardness: Prisma.raw(`t.hardness`),
  fs: Prisma.raw(`t."fileSystem"::text`),
  source: Prisma.raw(`c.source`),
  study: Prisma.raw(`st.name`),
  participant: Prisma.raw(`sp.pseudonym`),
  execution: Prisma.raw(`c.execution`),
  // A single-turn run's group reads "1 turn", as every count does (formatCount).
  turnLimit: Prisma.raw(`(c."turnLimit"::text || CASE WHEN c."turnLimit" = 1 THEN ' turn' ELSE ' turns' END)`),
};
const NEEDS_TASK: GroupKey[] = ["environment", "dataset", "hardness", "fs"];

/** Largest turn budget drawn when the request does not say. */
export const MAX_K = 100;

export interface Scope {
  keys: GroupKey[];
  from: Prisma.Sql;
  where: Prisma.Sql;
}

/**
 * FROM and WHERE for the request's filters, joining Task and Run only when a filter or a key reads
 * them: over the cells (`c`), or over the entries, one per counted episode (`c."episodeId"`), for
 * what needs the episodes themselves.
 */
export function scopeOf(q: StatsQuery, keys: GroupKey[], over: "cells" | "entries" = "cells"): Scope {
  const conds: Prisma.Sql[] = [Prisma.sql`c.mode = ${q.mode}`];
  if (q.study?.length) conds.push(Prisma.sql`st.name IN (${Prisma.join(q.study)})`);
  if (q.runs?.length) conds.push(Prisma.sql`r.name IN (${Prisma.join(q.runs)})`);
  if (q.env) conds.push(Prisma.sql`t.environment = ${q.env}`);
  if (q.model?.length) conds.push(Prisma.sql`c.model IN (${Prisma.join(q.model)})`);
  if (q.strategy?.length) conds.push(Prisma.sql`c.strategy IN (${Prisma.join(q.strategy)})`);
  if (q.player) conds.push(Prisma.sql`c."playerKind" = ${q.player}`);
  if (q.dataset?.length) conds.push(Prisma.sql`t.dataset IN (${Prisma.join(q.dataset)})`);
  if (q.hardness?.length) conds.push(Prisma.sql`t.hardness IN (${Prisma.join(q.hardness)})`);
  const task = Boolean(q.env || q.dataset?.length || q.hardness?.length) || keys.some((k) => NEEDS_TASK.includes(k));
  const run = Boolean(q.runs?.length) || keys.includes("run");
  const study = Boolean(q.study?.length) || keys.includes("study");
  const from = Prisma.sql`FROM ${over === "cells" ? Prisma.raw(`"StatsCell"`) : Prisma.raw(`"StatsEntry"`)} c
    ${task ? Prisma.sql`JOIN "Task" t ON t.id = c."taskId"` : Prisma.empty}
    ${run ? Prisma.sql`LEFT JOIN "Run" r ON r.id = c."runId"` : Prisma.empty}
    ${study ? Prisma.sql`LEFT JOIN "Study" st ON st.id = c."studyId"` : Prisma.empty}
    ${keys.includes("participant") ? Prisma.sql`LEFT JOIN "StudyParticipant" sp ON sp.id = c."participantId"` : Prisma.empty}`;
  const where = Prisma.join(conds, " AND ");
  if (!q.common) return { keys, from, where };
  // The same scope over the cells inside (its aliases shadow the outer ones): tasks attempted by as many groups as there are.
  const pairs = taskGroups(over === "cells" ? { keys, from, where } : scopeOf({ ...q, common: false }, keys));
  const common = Prisma.sql`c."taskId" IN (SELECT tid FROM (${pairs}) p GROUP BY tid
    HAVING count(*) = (SELECT count(DISTINCT g) FROM (${pairs}) q))`;
  return { keys, from, where: Prisma.sql`${where} AND ${common}` };
}

/**
 * Each task in scope with each group that attempted it, once. By the group's text key: PostgreSQL
 * sorts a ROW() of the values (spilling to disk at 1,000,000 episodes) where it hashes text.
 */
const taskGroups = (scope: Scope) =>
  Prisma.sql`SELECT DISTINCT c."taskId" AS tid, ${keySql(scope.keys)} AS g ${scope.from} WHERE ${scope.where}`;

export interface TaskSets {
  /** Groups in scope. */
  groups: number;
  /** Tasks attempted by any of them. */
  tasks: number;
  /** Tasks attempted by every one of them. */
  common: number;
}

/** How far the groups' task sets agree: when `common` < `tasks`, they attempted different tasks. */
export async function taskSets(prisma: Db, scope: Scope): Promise<TaskSets> {
  const [row] = await prisma.$queryRaw<TaskSets[]>`
    WITH pairs AS MATERIALIZED (${taskGroups(scope)}),
      per AS (SELECT tid, count(*) AS g FROM pairs GROUP BY tid),
      total AS (SELECT count(DISTINCT g) AS n FROM pairs)
    SELECT (SELECT n FROM total)::int AS groups, count(*)::int AS tasks, (count(*) FILTER (WHERE g = (SELECT n FROM total)))::int AS common FROM per`;
  return row;
}

const groupExprs = (keys: GroupKey[]) => Prisma.join(keys.map((k) => GROUP_SQL[k]));

/** One text key per group: the values joined by " · ", a missing value shown as "(none)". */
export function keySql(keys: GroupKey[]): Prisma.Sql {
  const parts = keys.map((k) => Prisma.sql`COALESCE(${GROUP_SQL[k]}, ${NONE})`);
  return parts.length === 1 ? parts[0] : Prisma.sql`concat_ws(${KEY_SEPARATOR}, ${Prisma.join(parts)})`;
}

export interface SummaryRow {
  key: string;
  values: (string | null)[];
  n: number;
  solved: number;
  turns: number | null;
  err: number | null;
  err_n: number;
  lim: number | null;
  /** Episodes without a score, counted as unsolved. */
  unscored: number;
}

/** n, solved, mean turns, mean error rate and turn limit per group. */
export async function summaryRows(prisma: Db, scope: Scope): Promise<SummaryRow[]> {
  const { keys } = scope;
  return prisma.$queryRaw<SummaryRow[]>`
    SELECT ${keySql(keys)} AS key, ARRAY[${groupExprs(keys)}]::text[] AS values,
      sum(c.n)::int AS n, COALESCE(sum(c.n) FILTER (WHERE c.success), 0)::int AS solved,
      sum(c.turns)::float8 / sum(c.n) AS turns, sum(c."errSum") / NULLIF(sum(c."errN"), 0) AS err, sum(c."errN")::int AS err_n,
      max(c."turnLimit")::int AS lim, COALESCE(sum(c.n) FILTER (WHERE c.success IS NULL), 0)::int AS unscored
    ${scope.from} WHERE ${scope.where}
    GROUP BY ${groupExprs(keys)} ORDER BY 1`;
}

export interface GroupRow extends SummaryRow {
  k: number;
  /** Episodes solved within k turns. */
  solved_k: number;
}

/**
 * The table and the plateau curve in one pass over the episodes: a histogram per group of the turn
 * at which each episode was solved (with the sums the table needs), then SR@k for k = 1…K by
 * accumulating it over generate_series(1, K). One row per group and k. K is the request's k, else
 * the largest turn limit or solving turn in scope (capped at MAX_K).
 */
export async function groupRows(prisma: Db, scope: Scope, k: number | undefined): Promise<GroupRow[]> {
  const { keys } = scope;
  const kSql = k
    ? Prisma.sql`SELECT ${k}::int AS k`
    : Prisma.sql`SELECT LEAST(${MAX_K}, GREATEST(1, max(lim), max(sat)))::int AS k FROM hist`;
  return prisma.$queryRaw<GroupRow[]>`
    WITH hist AS MATERIALIZED (
      SELECT ${keySql(keys)} AS key, ARRAY[${groupExprs(keys)}]::text[] AS values, c.success AS ok, c."solvedAtTurn" AS sat,
        sum(c.n)::int AS c, sum(c.turns)::float8 AS turns, sum(c."errSum") AS err, sum(c."errN")::int AS err_n,
        max(c."turnLimit") AS lim, COALESCE(sum(c.n) FILTER (WHERE c.success IS NULL), 0)::int AS unscored
      ${scope.from} WHERE ${scope.where}
      GROUP BY ${groupExprs(keys)}, c.success, c."solvedAtTurn"
    ),
    grp AS (
      SELECT key, values, sum(c)::int AS n, (sum(c) FILTER (WHERE ok))::int AS solved, sum(turns) / sum(c) AS turns,
        sum(err) / NULLIF(sum(err_n), 0) AS err, sum(err_n)::int AS err_n, max(lim)::int AS lim, sum(unscored)::int AS unscored
      FROM hist GROUP BY key, values
    ),
    kk AS (${kSql})
    SELECT g.key, g.values, g.n, COALESCE(g.solved, 0) AS solved, g.turns, g.err, g.err_n, g.lim, g.unscored, ks.k::int AS k,
      COALESCE((SELECT sum(h.c) FROM hist h WHERE h.key = g.key AND h.ok AND h.sat <= ks.k), 0)::int AS solved_k
    FROM grp g CROSS JOIN kk CROSS JOIN LATERAL generate_series(1, kk.k) AS ks(k)
    ORDER BY g.key, ks.k`;
}

/**
 * Inadmissible share of the k-th actions, from Step.admissible by Step.index: the episodes in
 * scope first (with their group key; `entries` is a scope over StatsEntry), then their steps — by
 * the Step primary key when the selection is small, by one scan when it is most of the table (the
 * planner chooses).
 */
export async function errorByTurnRows(prisma: Db, entries: Scope, k: number) {
  return prisma.$queryRaw<{ key: string; k: number; n: number; errors: number }[]>`
    WITH ep AS MATERIALIZED (
      SELECT c."episodeId" AS id, ${keySql(entries.keys)} AS key ${entries.from} WHERE ${entries.where}
    )
    SELECT ep.key, st.index + 1 AS k, count(*)::int AS n, (count(*) FILTER (WHERE NOT st.admissible))::int AS errors
    FROM ep JOIN "Step" st ON st."episodeId" = ep.id
    WHERE st.index < ${k} AND st.admissible IS NOT NULL
    GROUP BY 1, 2 ORDER BY 1, 2`;
}

/**
 * For every two groups, the tasks both attempted, split by who solved them (a task counts as
 * solved by a group when any of its episodes of that task succeeded).
 */
export async function overlapRows(prisma: Db, scope: Scope) {
  return prisma.$queryRaw<
    { a: string; b: string; tasks: number; both: number[]; only_a: number[]; only_b: number[]; neither: number[] }[]
  >`
    WITH per AS MATERIALIZED (
      SELECT ${keySql(scope.keys)} AS key, c."taskId" AS tid, COALESCE(bool_or(c.success), false) AS solved
      ${scope.from} WHERE ${scope.where}
      GROUP BY ${groupExprs(scope.keys)}, c."taskId"
    )
    SELECT a.key AS a, b.key AS b, count(*)::int AS tasks,
      COALESCE(array_agg(a.tid ORDER BY a.tid) FILTER (WHERE a.solved AND b.solved), '{}') AS both,
      COALESCE(array_agg(a.tid ORDER BY a.tid) FILTER (WHERE a.solved AND NOT b.solved), '{}') AS only_a,
      COALESCE(array_agg(a.tid ORDER BY a.tid) FILTER (WHERE NOT a.solved AND b.solved), '{}') AS only_b,
      COALESCE(array_agg(a.tid ORDER BY a.tid) FILTER (WHERE NOT a.solved AND NOT b.solved), '{}') AS neither
    FROM per a JOIN per b ON a.tid = b.tid AND a.key < b.key
    GROUP BY 1, 2`;
}
