// From ../db/client, not ../db: the latter pulls the migration engine into Next bundles.
import { Prisma, type Db } from "../db/client";
import { KEY_SEPARATOR, NONE, type GroupKey } from "./groupKeys";
import type { StatsQuery } from "./statsQuery";
import { RESCORED_VERSION } from "../rewards/version";
import type { EpisodeStatus } from "../episodes/episodeStatus";

// The aggregations behind /api/stats, in SQL over Episode ⟕ Score (⨝ Task, ⨝ Run when the request
// needs them). Episodes that ended without a score count as unsolved: a skipped task, or an
// agent's episode stopped by an error (endpoint down, harness failure) — leaving them out would
// raise SR. Active, abandoned and interrupted ones are left out: a batch run plays those again.
// Group expressions come only from the whitelist below; every value from the request
// is a bound parameter. Rows are grouped by the raw expressions, and the text key of a group is
// built once per group, not once per episode.

const GROUP_SQL: Record<GroupKey, Prisma.Sql> = {
  run: Prisma.raw(`COALESCE(r.name, '(no run)')`),
  model: Prisma.raw(`e.model`),
  strategy: Prisma.raw(`e.strategy`),
  player: Prisma.raw(`e."playerKind"`),
  environment: Prisma.raw(`t.environment`),
  dataset: Prisma.raw(`t.dataset`),
  hardness: Prisma.raw(`t.hardness`),
  fs: Prisma.raw(`t."fileSystem"::text`),
  source: Prisma.raw(`e.source`),
  study: Prisma.raw(`st.name`),
  participant: Prisma.raw(`sp.pseudonym`),
  execution: Prisma.raw(`e.execution`),
  // A single-turn run's group reads "1 turn", as every count does (formatCount).
  turnLimit: Prisma.raw(`(e."turnLimit"::text || CASE WHEN e."turnLimit" = 1 THEN ' turn' ELSE ' turns' END)`),
};
const NEEDS_TASK: GroupKey[] = ["environment", "dataset", "hardness", "fs"];

/** Episode statuses counted as unsolved when they have no score. */
export const UNSCORED_COUNTED: EpisodeStatus[] = ["skipped", "error"];

/** Largest turn budget drawn when the request does not say. */
export const MAX_K = 100;

export interface Scope {
  keys: GroupKey[];
  from: Prisma.Sql;
  where: Prisma.Sql;
}

/** FROM and WHERE for the request's filters, joining Task and Run only when a filter or a key reads them. */
export function scopeOf(q: StatsQuery, keys: GroupKey[]): Scope {
  // A study's practice task is not counted.
  const conds: Prisma.Sql[] = [
    Prisma.sql`(s."episodeId" IS NOT NULL OR e.status = ANY(${UNSCORED_COUNTED}::"EpisodeStatus"[]))`,
    Prisma.sql`NOT e.practice`,
  ];
  if (q.study?.length) conds.push(Prisma.sql`st.name IN (${Prisma.join(q.study)})`);
  if (q.runs?.length) conds.push(Prisma.sql`r.name IN (${Prisma.join(q.runs)})`);
  if (q.env) conds.push(Prisma.sql`t.environment = ${q.env}`);
  if (q.model?.length) conds.push(Prisma.sql`e.model IN (${Prisma.join(q.model)})`);
  if (q.strategy?.length) conds.push(Prisma.sql`e.strategy IN (${Prisma.join(q.strategy)})`);
  if (q.player) conds.push(Prisma.sql`e."playerKind" = ${q.player}`);
  if (q.dataset?.length) conds.push(Prisma.sql`t.dataset IN (${Prisma.join(q.dataset)})`);
  if (q.hardness?.length) conds.push(Prisma.sql`t.hardness IN (${Prisma.join(q.hardness)})`);
  const task = Boolean(q.env || q.dataset?.length || q.hardness?.length) || keys.some((k) => NEEDS_TASK.includes(k));
  const run = Boolean(q.runs?.length) || keys.includes("run");
  const study = Boolean(q.study?.length) || keys.includes("study");
  // One score per episode: an imported episode's re-scored intercode reward sits beside its logged
  // one, which is what counts there (lib/rewards/version.ts).
  const rescored = q.mode === "intercode" ? Prisma.sql`AND s.version <> ${RESCORED_VERSION}` : Prisma.empty;
  const from = Prisma.sql`FROM "Episode" e
    LEFT JOIN "Score" s ON s."episodeId" = e.id AND s.mode = ${q.mode} ${rescored}
    ${task ? Prisma.sql`JOIN "Task" t ON t.id = e."taskId"` : Prisma.empty}
    ${run ? Prisma.sql`LEFT JOIN "Run" r ON r.id = e."runId"` : Prisma.empty}
    ${study ? Prisma.sql`LEFT JOIN "Study" st ON st.id = e."studyId"` : Prisma.empty}
    ${keys.includes("participant") ? Prisma.sql`LEFT JOIN "StudyParticipant" sp ON sp.id = e."participantId"` : Prisma.empty}`;
  const where = Prisma.join(conds, " AND ");
  if (!q.common) return { keys, from, where };
  // The same scope again inside (its aliases shadow the outer ones): tasks attempted by as many groups as there are.
  const groups = Prisma.sql`ROW(${groupExprs(keys)})`;
  const common = Prisma.sql`e."taskId" IN (SELECT e."taskId" ${from} WHERE ${where} GROUP BY e."taskId"
    HAVING COUNT(DISTINCT ${groups}) = (SELECT COUNT(DISTINCT ${groups}) ${from} WHERE ${where}))`;
  return { keys, from, where: Prisma.sql`${where} AND ${common}` };
}

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
  const groups = Prisma.sql`ROW(${groupExprs(scope.keys)})`;
  const [row] = await prisma.$queryRaw<TaskSets[]>`
    WITH per AS (SELECT e."taskId", COUNT(DISTINCT ${groups}) AS g ${scope.from} WHERE ${scope.where} GROUP BY e."taskId"),
      total AS (SELECT COUNT(DISTINCT ${groups}) AS n ${scope.from} WHERE ${scope.where})
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
      count(*)::int AS n, (count(*) FILTER (WHERE s.success))::int AS solved,
      avg(e.turns)::float8 AS turns, avg(e."errorRate")::float8 AS err, count(e."errorRate")::int AS err_n,
      max(e."turnLimit")::int AS lim, (count(*) FILTER (WHERE s."episodeId" IS NULL))::int AS unscored
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
      SELECT ${keySql(keys)} AS key, ARRAY[${groupExprs(keys)}]::text[] AS values, s.success AS ok, s."solvedAtTurn" AS sat,
        count(*)::int AS c, sum(e.turns)::float8 AS turns, sum(e."errorRate")::float8 AS err, count(e."errorRate")::int AS err_n,
        max(e."turnLimit") AS lim, (count(*) FILTER (WHERE s."episodeId" IS NULL))::int AS unscored
      ${scope.from} WHERE ${scope.where}
      GROUP BY ${groupExprs(keys)}, s.success, s."solvedAtTurn"
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
 * scope first (with their group key), then their steps — by the Step primary key when the
 * selection is small, by one scan when it is most of the table (the planner chooses).
 */
export async function errorByTurnRows(prisma: Db, scope: Scope, k: number) {
  return prisma.$queryRaw<{ key: string; k: number; n: number; errors: number }[]>`
    WITH ep AS MATERIALIZED (
      SELECT e.id, ${keySql(scope.keys)} AS key ${scope.from} WHERE ${scope.where}
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
      SELECT ${keySql(scope.keys)} AS key, e."taskId" AS tid, COALESCE(bool_or(s.success), false) AS solved
      ${scope.from} WHERE ${scope.where}
      GROUP BY ${groupExprs(scope.keys)}, e."taskId"
    )
    SELECT a.key AS a, b.key AS b, count(*)::int AS tasks,
      COALESCE(array_agg(a.tid ORDER BY a.tid) FILTER (WHERE a.solved AND b.solved), '{}') AS both,
      COALESCE(array_agg(a.tid ORDER BY a.tid) FILTER (WHERE a.solved AND NOT b.solved), '{}') AS only_a,
      COALESCE(array_agg(a.tid ORDER BY a.tid) FILTER (WHERE NOT a.solved AND b.solved), '{}') AS only_b,
      COALESCE(array_agg(a.tid ORDER BY a.tid) FILTER (WHERE NOT a.solved AND NOT b.solved), '{}') AS neither
    FROM per a JOIN per b ON a.tid = b.tid AND a.key < b.key
    GROUP BY 1, 2`;
}
