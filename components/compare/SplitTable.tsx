import { GROUP_LABELS, type GroupKey } from "@/lib/stats/groupKeys";
import type { SplitStats } from "@/lib/stats/types";
import { formatPercent as f1, formatTurns } from "@/lib/stats/formatNumber";

/** The table again, split by a task attribute (SQL hardness, Bash file system): one column per value. */
export function SplitTable({ rows, split, groups }: { rows: SplitStats[]; split: GroupKey; groups: string[] }) {
  const values = [...new Set(rows.map((r) => r.split))];
  const cell = (g: string, v: string | null) => rows.find((r) => r.key === g && r.split === v);
  return (
    <table data-testid="split-table">
      <caption className="muted" style={{ textAlign: "left", padding: "0 0 6px" }}>
        SR % (n) by {GROUP_LABELS[split].toLowerCase()}
      </caption>
      <thead>
        <tr>
          <th>Group</th>
          {values.map((v) => (
            <th key={v ?? "none"} className="num">
              {split === "fs" && v ? `fs ${v}` : (v ?? "(none)")}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {groups.map((g) => (
          <tr key={g}>
            <td>{g}</td>
            {values.map((v) => {
              const c = cell(g, v);
              return (
                <td
                  key={v ?? "none"}
                  className="num"
                  title={
                    c
                      ? `95 % CI ${f1(c.srLow)}–${f1(c.srHigh)}; turns ${formatTurns(c.turns)}; Error % ${f1(c.errorPct)}`
                      : undefined
                  }
                >
                  {c ? (
                    <>
                      <strong>{f1(c.sr)}</strong> <span className="muted">({c.n})</span>
                    </>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
