// The SQL reward: multiset IoU of the rows, times an order factor (Kendall's τ-b).

import { kendallTauB } from "./kendall";
import { pyRowStr } from "./pyRowStr";
import { npRound } from "./round";
import { rowKey } from "./rowKey";
import { hasOuterOrderBy } from "./sqlOrder";
import type { RewardMode, RowSample, Rows, Score, SqlBreakdown, SqlInput } from "./types";
import { REWARD_VERSION } from "./version";

const SAMPLE_SIZE = 5;

/**
 * Both modes: an agent observation that is not rows scores 0; two empty results score 1;
 * otherwise IoU = Σ min(count) / Σ max(count) over rows compared whole, and the common rows are
 * taken in each list's own order, each list giving up its first min(count) copies of a row.
 *
 * intercode: rows are keyed by Python's str(row). τ-b is SciPy's kendalltau of the two lists of
 * *row strings*, position against position (strings ranked by code point), on every query;
 * reward = NumPy-round(τ × IoU, 2) when τ is defined (negative possible), else the unrounded IoU.
 *
 * plateau: rows are keyed by `rowKey`. The order factor applies only when the gold query's
 * outermost SELECT has ORDER BY; it is τ-b between the positions of the same rows (k-th copy
 * with k-th copy) in the two lists, and a τ < 0 counts as 0 (an order that is worse than none
 * earns no order credit rather than a negative reward). reward = IoU × max(0, τ), unrounded, in
 * [0, 1]; success means reward exactly 1.
 */
export function scoreSql(input: SqlInput, mode: RewardMode): Score<SqlBreakdown> {
  const goldHasOrderBy = hasOuterOrderBy(input.goldQuery);
  const gold: Rows = Array.isArray(input.gold) ? input.gold : [];
  const notes: string[] = [];
  const base = {
    goldHasOrderBy,
    goldRowCount: gold.length,
    missingRows: [] as RowSample[],
    extraRows: [] as RowSample[],
    notes,
  };

  if (!Array.isArray(input.agent)) {
    const agentError = agentErrorText(input.agent);
    notes.push("the agent's last observation is not a list of rows: reward 0");
    return score(mode, 0, false, {
      ...base,
      agentError,
      iou: 0,
      tau: null,
      orderApplied: false,
      agentRowCount: 0,
      commonRowCount: 0,
      missingRows: samples(gold, gold.map(keyFor(mode)), new Map()),
    });
  }

  const agent: Rows = input.agent;
  const key = keyFor(mode);
  const agentKeys = agent.map(key);
  const goldKeys = gold.map(key);
  const agentCounts = countKeys(agentKeys);
  const goldCounts = countKeys(goldKeys);

  let common = 0;
  let union = 0;
  for (const k of new Set([...agentCounts.keys(), ...goldCounts.keys()])) {
    const a = agentCounts.get(k) ?? 0;
    const g = goldCounts.get(k) ?? 0;
    common += Math.min(a, g);
    union += Math.max(a, g);
  }
  const counts = {
    ...base,
    agentError: null,
    agentRowCount: agent.length,
    commonRowCount: common,
    missingRows: samples(gold, goldKeys, agentCounts),
    extraRows: samples(agent, agentKeys, goldCounts),
  };

  if (union === 0) {
    notes.push("both results are empty: reward 1");
    return score(mode, 1, true, { ...counts, iou: 1, tau: null, orderApplied: false });
  }

  const iou = common / union;
  const minCounts = new Map([...agentCounts].map(([k, a]) => [k, Math.min(a, goldCounts.get(k) ?? 0)]));
  const agentCommon = commonPositions(agentKeys, minCounts);
  const goldCommon = commonPositions(goldKeys, minCounts);

  if (mode === "intercode") {
    let tau = Number.NaN;
    if (common > 0) {
      const ranks = new Map([...new Set(agentCommon.map((i) => agentKeys[i]!))].sort(compareCodePoints).map((k, r) => [k, r]));
      tau = kendallTauB(
        agentCommon.map((i) => ranks.get(agentKeys[i]!)!),
        goldCommon.map((i) => ranks.get(goldKeys[i]!)!),
      );
    }
    const orderApplied = !Number.isNaN(tau);
    // InterCode's τ is a NumPy float64, so round() is NumPy's; without τ the IoU stays unrounded.
    const reward = orderApplied ? npRound(tau * iou, 2) : iou;
    if (orderApplied && !goldHasOrderBy && reward < iou) {
      notes.push("InterCode scales by τ on every query, though the gold query asks for no order");
    }
    if (reward < 0) notes.push("negative reward: InterCode multiplied the IoU by a negative τ");
    if (!orderApplied && common > 0) notes.push(undefinedTauNote(common));
    return score(mode, reward, reward === 1, { ...counts, iou, tau: orderApplied ? tau : null, orderApplied });
  }

  // plateau: τ between where the same rows stand in the two lists (k-th copy with k-th copy).
  const goldSlots = new Map<string, number[]>();
  for (const j of goldCommon) {
    const list = goldSlots.get(goldKeys[j]!) ?? [];
    list.push(j);
    goldSlots.set(goldKeys[j]!, list);
  }
  const taken = new Map<string, number>();
  const goldPositions = agentCommon.map((i) => {
    const k = agentKeys[i]!;
    const copy = taken.get(k) ?? 0;
    taken.set(k, copy + 1);
    return goldSlots.get(k)![copy]!;
  });
  let tau = kendallTauB(agentCommon, goldPositions);
  // SciPy's two square-root divisions leave one-ulp noise (a perfect order of 8 rows gives
  // 0.9999999999999998); τ has denominators far coarser than 1e-12, so snap it.
  if (Math.abs(tau) > 1 - 1e-12) tau = Math.sign(tau);

  const tauDefined = !Number.isNaN(tau);
  const orderApplied = goldHasOrderBy && tauDefined;
  const reward = orderApplied ? iou * Math.max(0, tau) : iou;
  if (!goldHasOrderBy) notes.push("row order not scored: the gold query's outermost SELECT has no ORDER BY");
  if (orderApplied && tau < 0) notes.push("τ < 0 (rows in a contrary order) counts as 0: the order earns nothing");
  if (goldHasOrderBy && !tauDefined && common > 0) notes.push(undefinedTauNote(common));
  return score(mode, reward, reward === 1, { ...counts, iou, tau: tauDefined ? tau : null, orderApplied });
}

function score(mode: RewardMode, reward: number, success: boolean, breakdown: SqlBreakdown): Score<SqlBreakdown> {
  return { mode, reward, success, version: REWARD_VERSION, breakdown };
}

function keyFor(mode: RewardMode): (row: unknown) => string {
  const asRow = (row: unknown): readonly unknown[] => (Array.isArray(row) ? row : [row]);
  return mode === "intercode" ? (row) => pyRowStr(asRow(row)) : (row) => rowKey(asRow(row));
}

function agentErrorText(agent: unknown): string {
  if (agent === null || agent === undefined) return "no result set (the last statement was not a query)";
  if (typeof agent === "object" && "error" in agent) return String((agent as { error: unknown }).error);
  return "not a list of rows";
}

function undefinedTauNote(common: number): string {
  return common < 2
    ? "order not scored: τ is undefined with fewer than two common rows"
    : "order not scored: τ is undefined because the common rows are all tied";
}

function countKeys(keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return counts;
}

/** Indices of the first `limit(key)` copies of each key, in list order (InterCode's consuming walk). */
function commonPositions(keys: readonly string[], limit: ReadonlyMap<string, number>): number[] {
  const used = new Map<string, number>();
  const positions: number[] = [];
  keys.forEach((k, i) => {
    const n = used.get(k) ?? 0;
    if (n < (limit.get(k) ?? 0)) {
      used.set(k, n + 1);
      positions.push(i);
    }
  });
  return positions;
}

/** Up to SAMPLE_SIZE rows of `rows` that `other` lacks, each with how many copies are surplus. */
function samples(rows: Rows, keys: readonly string[], otherCounts: ReadonlyMap<string, number>): RowSample[] {
  const own = countKeys(keys);
  const seen = new Set<string>();
  const out: RowSample[] = [];
  for (let i = 0; i < rows.length && out.length < SAMPLE_SIZE; i++) {
    const k = keys[i]!;
    if (seen.has(k)) continue;
    seen.add(k);
    const surplus = (own.get(k) ?? 0) - (otherCounts.get(k) ?? 0);
    const row: unknown = rows[i];
    if (surplus > 0) out.push({ row: (Array.isArray(row) ? row : [row]).map(jsonSafe), count: surplus });
  }
  return out;
}

function jsonSafe(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString();
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, jsonSafe(v)]));
  }
  if (typeof value === "function" || typeof value === "symbol") return String(value);
  return value;
}

/** Order of strings by Unicode code point (Python's and NumPy's), not by UTF-16 unit (JS's <). */
function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointOrder(x) - codePointOrder(y);
  }
  return a.length - b.length;
}

/** Moves surrogates (D800–DFFF, i.e. code points ≥ 0x10000) above E000–FFFF. */
function codePointOrder(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}
