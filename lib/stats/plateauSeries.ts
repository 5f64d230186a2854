import type { StatsResult } from "./types";

// Chart-ready rows for the plateau chart (SR@k) and the error-by-turn chart: one row per turn
// budget k, one column per group, so a chart component only has to draw. Pure; client-safe.

export interface SeriesLine {
  /** Column name in the rows: s0, s1, … (group keys may hold any character). */
  id: string;
  label: string;
  /** The group's turn limit when it has one: its curve cannot rise after it. */
  turnLimit: number | null;
}

export interface PlateauRow {
  k: number;
  /** s0 … sN: SR@k in %; s0_band …: [low, high] of the 95 % interval; null where undefined. */
  [column: string]: number | [number, number] | null;
}

export interface Series<Row> {
  lines: SeriesLine[];
  rows: Row[];
  /** Largest y value, for the axis. */
  max: number;
}

export function plateauSeries(result: Pick<StatsResult, "groups" | "k">): Series<PlateauRow> {
  const lines = result.groups.map((g, i) => ({ id: `s${i}`, label: g.key, turnLimit: g.turnLimit }));
  const rows: PlateauRow[] = [];
  let max = 0;
  for (let k = 1; k <= result.k; k++) {
    const row: PlateauRow = { k };
    result.groups.forEach((g, i) => {
      const p = g.srAtK.find((x) => x.k === k);
      row[`s${i}`] = p ? p.sr : null;
      row[`s${i}_band`] = p ? [p.low, p.high] : null;
      if (p) max = Math.max(max, p.high);
    });
    rows.push(row);
  }
  return { lines, rows, max };
}

export interface ErrorRow {
  k: number;
  /** s0 …: inadmissible share of the k-th actions in %; s0_n …: how many k-th actions. */
  [column: string]: number | null;
}

export function errorSeries(result: Pick<StatsResult, "groups" | "k">): Series<ErrorRow> {
  const lines = result.groups
    .map((g, i) => ({ g, line: { id: `s${i}`, label: g.key, turnLimit: g.turnLimit } }))
    .filter(({ g }) => g.errorByTurn.length > 0);
  const rows: ErrorRow[] = [];
  let max = 0;
  for (let k = 1; k <= result.k; k++) {
    const row: ErrorRow = { k };
    for (const { g, line } of lines) {
      const p = g.errorByTurn.find((x) => x.k === k);
      row[line.id] = p?.pct ?? null;
      row[`${line.id}_n`] = p?.n ?? 0;
      if (p?.pct) max = Math.max(max, p.pct);
    }
    rows.push(row);
  }
  return { lines: lines.map((l) => l.line), rows, max };
}
