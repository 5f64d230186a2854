import Link from "next/link";
import type { CompareData } from "@/lib/stats/loadCompare";
import { errorSeries, plateauSeries } from "@/lib/stats/plateauSeries";
import { CompareControls } from "./CompareControls";
import { PlateauChart } from "./PlateauChart";
import { ErrorByTurnChart } from "./ErrorByTurnChart";
import { StatsTable } from "./StatsTable";
import { SplitTable } from "./SplitTable";
import { OverlapPanel } from "./OverlapPanel";
import { Downloads } from "./Downloads";

/** The Compare page: plateau chart, error rate by turn, the table, the per-difficulty split and the solved-task overlap. */
export function CompareView({ data, params }: { data: CompareData; params: string }) {
  const { stats, runs, query } = data;
  return (
    <main>
      <h1>Compare</h1>
      {data.invalid && <div className="error-box" style={{ marginBottom: 12 }}>Part of the address was not understood, so defaults are shown: {data.invalid}</div>}
      {runs.length === 0 ? (
        <div className="panel" data-testid="compare-empty">
          <p style={{ marginTop: 0 }}>No runs yet: import logs with <code>npx plateau import FILE…</code> or <Link href="/runs">upload them on the Runs page</Link>.</p>
          <p className="muted" style={{ marginBottom: 0 }}>Agent runs appear here too once they have finished episodes.</p>
        </div>
      ) : (
        <>
          <CompareControls runs={runs} query={query} params={params} />
          {!stats ? (
            <p className="muted" data-testid="compare-pick">Pick runs above to draw their plateau curves, or group by model, strategy or player kind to compare everything.</p>
          ) : stats.groups.length === 0 ? (
            <p className="muted" data-testid="compare-nothing">No scored episodes match this selection{query.mode === "plateau" ? " in Plateau's own reward (imported logs only have InterCode's)" : ""}.</p>
          ) : (
            <Results data={data} />
          )}
        </>
      )}
    </main>
  );
}

function Results({ data }: { data: CompareData }) {
  const stats = data.stats!;
  const plateau = plateauSeries(stats);
  const errors = errorSeries(stats);
  const legend = stats.groups.map((g, i) => ({ label: g.key, color: i }));
  return (
    <>
      <section className="panel" aria-labelledby="plateau-h" style={{ marginBottom: 16 }}>
        <div className="toolbar" style={{ justifyContent: "space-between" }}>
          <h2 id="plateau-h" style={{ margin: 0 }}>Success within k turns (SR@k)</h2>
          <span className="muted" style={{ fontSize: 12 }}>bands: 95 % Wilson intervals · hover or use the arrow keys for values</span>
        </div>
        <PlateauChart id="plateau-chart" series={plateau} k={stats.k} />
      </section>

      <section className="panel" aria-labelledby="table-h" style={{ marginBottom: 16 }}>
        <h2 id="table-h" style={{ marginTop: 0 }}>Per group</h2>
        <StatsTable groups={stats.groups} k={stats.k} />
        {stats.mode === "intercode" && (
          <p className="muted" style={{ fontSize: 12, marginBottom: 0 }}>
            InterCode reward. For imported runs the rewards are those recorded in the logs (score version &quot;log&quot;), not recomputed by Plateau.
            {" "}Turns = mean turns taken (Plan &amp; Solve: actions). Error % = mean share of inadmissible actions.
          </p>
        )}
        {stats.notes.map((n) => <p key={n} className="muted" style={{ fontSize: 12, margin: "4px 0 0" }}>Note: {n}.</p>)}
        <div style={{ marginTop: 12 }}>
          <Downloads stats={stats} charts={[
            { id: "plateau-chart", file: "plateau", title: "Plateau chart", legend },
            ...(errors.lines.length ? [{ id: "error-chart", file: "error-by-turn", title: "Error chart", legend: errors.lines.map((l) => ({ label: l.label, color: Number(l.id.slice(1)) })) }] : []),
          ]} />
        </div>
      </section>

      <section className="panel" aria-labelledby="errors-h" style={{ marginBottom: 16 }}>
        <h2 id="errors-h" style={{ marginTop: 0 }}>Error rate by turn</h2>
        {errors.lines.length ? <ErrorByTurnChart id="error-chart" series={errors} k={stats.k} /> : <p className="muted">These logs do not say which actions were admissible.</p>}
      </section>

      {stats.splits && stats.split && (
        <section className="panel" aria-labelledby="split-h" style={{ marginBottom: 16 }}>
          <h2 id="split-h" style={{ marginTop: 0 }}>Per difficulty</h2>
          <SplitTable rows={stats.splits} split={stats.split} groups={stats.groups.map((g) => g.key)} />
        </section>
      )}

      <section className="panel" aria-labelledby="overlap-h">
        <h2 id="overlap-h" style={{ marginTop: 0 }}>Which tasks each group solves</h2>
        {stats.overlap?.length ? <OverlapPanel pairs={stats.overlap} tasks={data.tasks} /> : <p className="muted">{stats.notes.find((n) => n.startsWith("overlap")) ?? "Select two or more groups to see which tasks each solves that the others do not."}</p>}
      </section>
    </>
  );
}
