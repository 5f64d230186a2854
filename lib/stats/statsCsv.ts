import type { StatsResult } from "./types";

// The Compare page's data as CSV (RFC 4180: comma, CRLF, quotes doubled). Pure; client-safe.

function cell(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return String(Math.round(v * 1e4) / 1e4);
  // A name starting like a formula is kept as text in spreadsheets (OWASP's CSV-injection advice).
  const s = /^[=+\-@\t\r]/.test(String(v)) ? `'${v}` : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function csv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}

/** One row per group and turn budget k: the plateau curve and the error rate at turn k. */
export function plateauCsv(r: StatsResult): string {
  const rows: unknown[][] = [];
  for (const g of r.groups) {
    for (const p of g.srAtK) {
      const e = g.errorByTurn.find((x) => x.k === p.k);
      rows.push([g.key, p.k, g.n, p.solved, p.sr, p.low, p.high, e?.n ?? 0, e?.errors ?? 0, e?.pct ?? null]);
    }
  }
  return csv(
    [
      "group",
      "k",
      "n",
      "solved_within_k",
      "sr_at_k_pct",
      "sr_low_pct",
      "sr_high_pct",
      "actions_at_k",
      "inadmissible_at_k",
      "error_at_k_pct",
    ],
    rows,
  );
}

/** One row per group (and per split value when there is a split): the table. */
export function tableCsv(r: StatsResult): string {
  const head = [
    "group",
    "split",
    "n",
    "solved",
    "sr_pct",
    "sr_low_pct",
    "sr_high_pct",
    "mean_turns",
    "error_pct",
    "error_n",
    "unscored",
  ];
  const rows: unknown[][] = r.groups.map((g) => [
    g.key,
    "",
    g.n,
    g.solved,
    g.sr,
    g.srLow,
    g.srHigh,
    g.turns,
    g.errorPct,
    g.errorN,
    g.unscored,
  ]);
  for (const s of r.splits ?? [])
    rows.push([
      s.key,
      `${r.split}=${s.split ?? "(none)"}`,
      s.n,
      s.solved,
      s.sr,
      s.srLow,
      s.srHigh,
      s.turns,
      s.errorPct,
      s.errorN,
      s.unscored,
    ]);
  return csv(head, rows);
}

/** One row per pair of groups and task: who solved it. */
export function overlapCsv(r: StatsResult): string {
  const rows: unknown[][] = [];
  for (const o of r.overlap ?? []) {
    for (const [cat, ids] of [
      ["both", o.both],
      ["only_a", o.onlyA],
      ["only_b", o.onlyB],
      ["neither", o.neither],
    ] as const) {
      for (const id of ids) rows.push([o.a, o.b, id, cat]);
    }
  }
  return csv(["group_a", "group_b", "task_id", "solved_by"], rows);
}
