import type { StatsResult } from "../../lib/stats/types";

const f1 = (x: number | null) => (x === null ? "—" : x.toFixed(1));

/** The stats as a plain-text table for a terminal. */
export function statsTable(r: StatsResult): string {
  if (!r.groups.length) return "No episodes match. Import logs with: npx plateau import FILE…";
  const head = ["group", "n", "SR %", "95 % CI", "turns", "Error %", ...r.groups[0].srAtK.map((p) => `@${p.k}`)];
  const rows = r.groups.map((g) => [
    g.key,
    String(g.n),
    f1(g.sr),
    `${f1(g.srLow)}–${f1(g.srHigh)}`,
    g.turns === null ? "—" : g.turns.toFixed(2),
    f1(g.errorPct),
    ...g.srAtK.map((p) => f1(p.sr)),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : (c ?? "").padStart(widths[i]))).join("  ");
  const out = [`${r.mode} scores, by ${r.group.join(" × ")}; SR@k for k = 1…${r.k}`, line(head), ...rows.map(line)];
  if (r.splits?.length) {
    out.push("", `by ${r.split}:`);
    for (const s of r.splits)
      out.push(
        `  ${s.key} · ${s.split ?? "(none)"}: n ${s.n}, SR ${f1(s.sr)} % (${f1(s.srLow)}–${f1(s.srHigh)}), turns ${s.turns?.toFixed(2) ?? "—"}, Error ${f1(s.errorPct)} %`,
      );
  }
  if (r.overlap?.length) {
    out.push("", "solved tasks (of those both attempted): both / only first / only second / neither");
    for (const o of r.overlap)
      out.push(
        `  ${o.a} vs ${o.b}: ${o.both.length} / ${o.onlyA.length} / ${o.onlyB.length} / ${o.neither.length} of ${o.tasks}`,
      );
  }
  for (const n of r.notes) out.push(`note: ${n}`);
  return out.join("\n");
}
