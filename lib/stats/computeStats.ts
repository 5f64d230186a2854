import type { Db } from "../db";
import type { GroupKey } from "./groupKeys";
import { errorByTurnRows, groupRows, MAX_K, overlapRows, scopeOf, summaryRows, type SummaryRow } from "./statsSql";
import type { StatsQuery } from "./statsQuery";
import type { GroupStats, OverlapPair, SplitStats, StatsResult, Summary } from "./types";
import { wilson } from "./wilson";

// GET /api/stats and `plateau stats --json`: one function, one JSON.

/** Overlap is pairwise: beyond this many groups the table stops being readable. */
export const MAX_OVERLAP_GROUPS = 8;

const pct = (x: number) => Math.round(x * 1e6) / 1e4;
const HARDNESS_ORDER = ["easy", "medium", "hard", "extra"];

function summaryOf(r: SummaryRow): Summary {
  const ci = wilson(r.solved, r.n);
  return {
    n: r.n,
    solved: r.solved,
    sr: pct(r.n ? r.solved / r.n : 0),
    srLow: pct(ci.low),
    srHigh: pct(ci.high),
    turns: r.turns === null ? null : Math.round(r.turns * 1e4) / 1e4,
    errorPct: r.err === null ? null : pct(r.err),
    errorN: r.err_n,
    unscored: r.unscored,
  };
}

function compareValues(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const ha = HARDNESS_ORDER.indexOf(a),
    hb = HARDNESS_ORDER.indexOf(b);
  if (ha >= 0 && hb >= 0) return ha - hb;
  return a.localeCompare(b, "en", { numeric: true });
}

function filtersOf(q: StatsQuery): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const k of ["runs", "env", "model", "strategy", "player", "dataset", "hardness"] as const) {
    const v = q[k];
    if (v !== undefined && (!Array.isArray(v) || v.length)) out[k] = v;
  }
  return out;
}

export async function computeStats(prisma: Db, q: StatsQuery): Promise<StatsResult> {
  const keys: GroupKey[] = q.group;
  const scope = scopeOf(q, keys);
  const notes: string[] = [];
  // The overlap's pairs beside the groups when they cannot be too many (a few runs compared: one
  // group each), else after the groups are counted (the pairs of many groups cost the most).
  const fewGroups = keys.length === 1 && keys[0] === "run" && (q.runs?.length ?? Infinity) <= MAX_OVERLAP_GROUPS;
  const [rows, err, split, pairs] = await Promise.all([
    groupRows(prisma, scope, q.k),
    q.errorByTurn ? errorByTurnRows(prisma, scopeOf(q, keys, "entries"), q.k ?? MAX_K) : Promise.resolve([]),
    q.split && !keys.includes(q.split) ? summaryRows(prisma, scopeOf(q, [...keys, q.split])) : Promise.resolve(null),
    q.overlap && fewGroups ? overlapRows(prisma, scope) : Promise.resolve(null),
  ]);
  const k = q.k ?? Math.max(1, ...rows.map((r) => r.k));
  const summary: SummaryRow[] = rows.filter((r) => r.k === 1);

  // Group order: the order runs were asked for, else by value.
  const runOrder = keys[0] === "run" && q.runs ? q.runs : null;
  const rank = (r: SummaryRow) => (runOrder ? runOrder.indexOf(r.values[0] ?? "") : -1);
  summary.sort(
    (a, b) => (runOrder ? rank(a) - rank(b) : 0) || keys.reduce((c, _, i) => c || compareValues(a.values[i], b.values[i]), 0),
  );

  const groups: GroupStats[] = summary.map((r) => ({
    key: r.key,
    values: Object.fromEntries(keys.map((g, i) => [g, r.values[i]])),
    ...summaryOf(r),
    turnLimit: r.lim,
    srAtK: rows
      .filter((x) => x.key === r.key)
      .map((x) => {
        const ci = wilson(x.solved_k, r.n);
        return { k: x.k, solved: x.solved_k, sr: pct(x.solved_k / r.n), low: pct(ci.low), high: pct(ci.high) };
      }),
    errorByTurn: err
      .filter((x) => x.key === r.key && x.k <= k)
      .map((x) => ({ k: x.k, n: x.n, errors: x.errors, pct: x.n ? pct(x.errors / x.n) : null })),
  }));

  let splits: SplitStats[] | null = null;
  if (q.split) {
    const at = keys.indexOf(q.split);
    const parent = new Map(summary.map((r) => [JSON.stringify(r.values), r.key]));
    const order = new Map(groups.map((g, i) => [g.key, i]));
    const rows = split
      ? split.map((r) => ({
          key: parent.get(JSON.stringify(r.values.slice(0, keys.length))) ?? r.key,
          split: r.values[keys.length],
          r,
        }))
      : summary.map((r) => ({ key: r.key, split: r.values[at], r }));
    splits = rows
      .map(({ key, split: value, r }) => ({ key, split: value ?? null, ...summaryOf(r) }))
      .sort((a, b) => (order.get(a.key) ?? 0) - (order.get(b.key) ?? 0) || compareValues(a.split, b.split));
  }

  let overlap: OverlapPair[] | null = null;
  if (q.overlap) {
    if (groups.length < 2) notes.push("overlap needs at least two groups");
    else if (groups.length > MAX_OVERLAP_GROUPS)
      notes.push(`overlap is shown for up to ${MAX_OVERLAP_GROUPS} groups; narrow the selection`);
    else {
      const index = new Map(groups.map((g, i) => [g.key, i]));
      const found = pairs ?? (await overlapRows(prisma, scope));
      // Pairs with no task in common have no row: list them too, empty.
      for (const [i, a] of groups.entries()) {
        for (const b of groups.slice(i + 1)) {
          if (!found.some((r) => (r.a === a.key && r.b === b.key) || (r.a === b.key && r.b === a.key))) {
            found.push({ a: a.key, b: b.key, tasks: 0, both: [], only_a: [], only_b: [], neither: [] });
          }
        }
      }
      overlap = found
        .map((r) => {
          const flip = (index.get(r.a) ?? 0) > (index.get(r.b) ?? 0);
          return flip
            ? { a: r.b, b: r.a, tasks: r.tasks, both: r.both, onlyA: r.only_b, onlyB: r.only_a, neither: r.neither }
            : { a: r.a, b: r.b, tasks: r.tasks, both: r.both, onlyA: r.only_a, onlyB: r.only_b, neither: r.neither };
        })
        .sort((x, y) => index.get(x.a)! - index.get(y.a)! || index.get(x.b)! - index.get(y.b)!);
    }
  }
  if (groups.some((g) => g.errorPct === null))
    notes.push("Error % is blank where the log has no valid_action (Python, CTF, trajectory logs)");
  return { mode: q.mode, group: keys, split: q.split ?? null, filters: filtersOf(q), k, groups, splits, overlap, notes };
}
