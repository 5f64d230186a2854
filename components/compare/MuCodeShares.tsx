import type { MuCodeShare } from "@/lib/stats/mucodeShares";

const pct = (k: number, n: number) => (n ? (100 * k) / n : 0);

/** For µCode-scored runs: the share that passed the public tests beside the share that passed the private ones too. */
export function MuCodeShares({ rows }: { rows: MuCodeShare[] }) {
  return (
    <table className="table" data-testid="mucode-shares">
      <thead>
        <tr>
          <th>run</th>
          <th>n</th>
          <th>passed public tests</th>
          <th>passed private tests too (success)</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.run}>
            <td>{r.run}</td>
            <td>{r.n}</td>
            {[r.publicPassed, r.privatePassed].map((k, i) => (
              <td key={i}>
                <div style={{ display: "flex", alignItems: "center", gap: 6 }}>
                  <div style={{ width: 120, height: 8, background: "#eee" }}>
                    <div style={{ width: `${pct(k, r.n)}%`, height: 8, background: i ? "#2a7" : "#69c" }} />
                  </div>
                  {pct(k, r.n).toFixed(1)} % ({k})
                </div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
