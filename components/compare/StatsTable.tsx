import type { GroupStats } from "@/lib/stats/types";
import { colorOf } from "./palette";
import { formatPercent as f1, formatTurns, formatCount } from "@/lib/stats/formatNumber";

/** SR (with its 95 % interval), mean turns, Error % and n per group. */
export function StatsTable({ groups, k }: { groups: GroupStats[]; k: number }) {
  return (
    <table data-testid="stats-table">
      <thead>
        <tr>
          <th>Group</th>
          <th className="num">n</th>
          <th className="num">SR %</th>
          <th className="num">95 % CI</th>
          <th className="num">SR@1 %</th>
          <th className="num">SR@{k} %</th>
          <th className="num">Turns</th>
          <th className="num">Error %</th>
          <th className="num">Turn limit</th>
        </tr>
      </thead>
      <tbody>
        {groups.map((g, i) => (
          <tr key={g.key} data-testid="stats-row">
            <td>
              <span
                aria-hidden
                style={{
                  display: "inline-block",
                  width: 10,
                  height: 10,
                  borderRadius: 2,
                  background: colorOf(i),
                  marginRight: 8,
                }}
              />
              {g.key}
            </td>
            <td
              className="num"
              title={
                g.unscored
                  ? `${g.unscored} of them ended without a score (skipped, or stopped by an error) and count as unsolved`
                  : undefined
              }
            >
              {g.n}
              {g.unscored > 0 && (
                <span className="muted" data-testid="unscored">
                  {" "}
                  ({g.unscored} unscored)
                </span>
              )}
            </td>
            <td className="num" data-testid="sr">
              <strong>{f1(g.sr)}</strong>
            </td>
            <td className="num muted">
              {f1(g.srLow)}–{f1(g.srHigh)}
            </td>
            <td className="num">{f1(g.srAtK[0]?.sr ?? null)}</td>
            <td className="num">{f1(g.srAtK.at(-1)?.sr ?? null)}</td>
            <td className="num">{formatTurns(g.turns)}</td>
            <td
              className="num"
              title={
                g.errorPct === null
                  ? "the log does not say which actions were admissible"
                  : `over ${formatCount(g.errorN, "episode")}`
              }
            >
              {f1(g.errorPct)}
            </td>
            <td className="num muted">{g.turnLimit ?? "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
