import type { Db } from "../db";
import type { PublicTask } from "../tasks";
import { computeStats } from "./computeStats";
import { listRuns, type RunSummary } from "./listRuns";
import { mucodeShares, type MuCodeShare } from "./mucodeShares";
import { StatsQuery, statsQueryFromParams, statsQueryToParams } from "./statsQuery";
import type { StatsResult } from "./types";
import { scopeOf, taskSets, type TaskSets } from "./statsSql";

// Everything the Compare page shows, from its URL: the runs to pick from, the stats of the
// selection, and the tasks named in the overlap (for the click-through).

export interface CompareData {
  query: StatsQuery;
  /** Why the URL's selection was not understood (the defaults are shown instead). */
  invalid?: string;
  runs: RunSummary[];
  stats: StatsResult | null;
  tasks: Record<number, Pick<PublicTask, "id" | "dataset" | "index" | "query" | "hardness">>;
  /**
   * Where the page fetches the error rate by turn, which reads every step in scope and so is left
   * out of the first response (null when there is nothing to fetch).
   */
  errorsUrl: string | null;
  /** Whether the groups attempted the same tasks, and whether the comparison is restricted to those all of them did. */
  commonGround: CommonGround | null;
  /** Python runs scored by µCode: public-pass share against private-pass share. */
  mucode: MuCodeShare[];
}

export interface CommonGround extends TaskSets {
  /** Counting only the common tasks. */
  applied: boolean;
  /** Chosen by the page (the URL did not say): on exactly when the groups attempted different tasks. */
  auto: boolean;
}

/** Per-difficulty split when the URL does not say: SQL hardness, or the Bash file system. */
function defaultSplit(runs: RunSummary[], q: StatsQuery): StatsQuery["split"] {
  const envs = new Set(q.env ? [q.env] : runs.filter((r) => !q.runs || q.runs.includes(r.name)).map((r) => r.environment));
  if (envs.size !== 1 || q.group.includes("hardness") || q.group.includes("fs")) return undefined;
  const env = [...envs][0];
  return env === "sql" ? "hardness" : env === "bash" ? "fs" : undefined;
}

export async function loadCompare(prisma: Db, url: URLSearchParams): Promise<CompareData> {
  // split=none: no per-difficulty table (absent: one is chosen from the environment).
  const params = new URLSearchParams(url);
  const noSplit = params.get("split") === "none";
  if (noSplit) params.delete("split");
  const parsed = statsQueryFromParams(params);
  const invalid = parsed.success
    ? undefined
    : parsed.error.issues.map((i) => `${i.path.join(".") || "query"}: ${i.message}`).join("; ");
  const query = parsed.success ? parsed.data : StatsQuery.parse({});
  // The runs and the task sets at once (each query waits its turn on a busy machine): a run name
  // nobody has matches no cell, so the sets are the same with or without it, unless none is known.
  const setsOf = () => taskSets(prisma, scopeOf({ ...query, common: false }, query.group));
  const [runs, setsAsked] = await Promise.all([listRuns(prisma), setsOf()]);
  const known = new Set(runs.map((r) => r.name));
  const asked = query.runs?.length;
  if (query.runs) query.runs = query.runs.filter((r) => known.has(r));
  const needsRuns = query.group[0] === "run" && !query.runs?.length;
  if (!runs.length || needsRuns)
    return { query, invalid, runs, stats: null, tasks: {}, errorsUrl: null, commonGround: null, mucode: [] };
  if (!url.has("split")) query.split = defaultSplit(runs, query);
  const sets = asked && !query.runs?.length ? await setsOf() : setsAsked;
  const differ = sets.groups > 1 && sets.common > 0 && sets.common < sets.tasks;
  const auto = query.common === undefined;
  query.common = auto ? differ : query.common;
  const commonGround: CommonGround = { ...sets, applied: !!query.common, auto };
  const [stats, mucode] = await Promise.all([
    computeStats(prisma, { ...query, errorByTurn: false }),
    mucodeShares(prisma, query.runs ?? []),
  ]);
  const errorsUrl =
    query.errorByTurn && stats.groups.length
      ? `/api/stats?${statsQueryToParams({ ...query, k: stats.k, split: undefined, overlap: false })}`
      : null;
  const ids = [...new Set((stats.overlap ?? []).flatMap((o) => [...o.both, ...o.onlyA, ...o.onlyB, ...o.neither]))];
  const rows = ids.length
    ? await prisma.task.findMany({
        where: { id: { in: ids } },
        select: { id: true, dataset: true, index: true, query: true, hardness: true },
      })
    : [];
  return { query, invalid, runs, stats, tasks: Object.fromEntries(rows.map((t) => [t.id, t])), errorsUrl, commonGround, mucode };
}
