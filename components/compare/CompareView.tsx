import { Suspense } from "react";
import Link from "next/link";
import type { CompareData } from "@/lib/stats/loadCompare";
import { CompareControls } from "./CompareControls";
import { CompareResults } from "./CompareResults";

/** The Compare page: plateau chart, error rate by turn, the table, the per-difficulty split and the solved-task overlap. */
/** The heading paints at once; `data` (the statistics, computed in SQL) streams in after it. */
export function CompareView({ data, params }: { data: Promise<CompareData>; params: string }) {
  return (
    <main>
      <h1>Compare</h1>
      <Suspense fallback={<p className="muted">Computing…</p>}>
        <CompareSections data={data} params={params} />
      </Suspense>
    </main>
  );
}

async function CompareSections({ data: pending, params }: { data: Promise<CompareData>; params: string }) {
  const data = await pending;
  const { stats, runs, query } = data;
  return (
    <>
      {data.invalid && (
        <div className="error-box" style={{ marginBottom: 12 }}>
          Part of the address was not understood, so defaults are shown: {data.invalid}
        </div>
      )}
      {runs.length === 0 ? (
        <div className="panel" data-testid="compare-empty">
          <p style={{ marginTop: 0 }}>
            No runs yet: import logs with <code>npx plateau import FILE…</code> or{" "}
            <Link href="/runs">upload them on the Runs page</Link>.
          </p>
          <p className="muted" style={{ marginBottom: 0 }}>
            Agent runs appear here too once they have finished episodes.
          </p>
        </div>
      ) : (
        <div className="compare-layout">
          <CompareControls
            runs={runs.map(({ id, name, kind, environment, execution, episodes }) => ({
              id,
              name,
              kind,
              environment,
              execution,
              episodes,
            }))}
            query={query}
            commonGround={data.commonGround}
            params={params}
          />
          <div>
            {!stats ? (
              <p className="muted" data-testid="compare-pick">
                Pick runs in the list to draw their plateau curves, or group by model, strategy or player kind to compare
                everything.
              </p>
            ) : stats.groups.length === 0 ? (
              <p className="muted" data-testid="compare-nothing">
                No scored episodes match this selection
                {query.mode === "plateau" ? " in Plateau's own reward (imported logs only have InterCode's)" : ""}.
              </p>
            ) : (
              <>
                {/* The error rates start to load with this HTML, not after hydration (CompareResults takes the request over). */}
                {data.errorsUrl && <link rel="preload" href={data.errorsUrl} as="fetch" crossOrigin="anonymous" />}
                <CompareResults data={{ stats, errorsUrl: data.errorsUrl, mucode: data.mucode, tasks: data.tasks }} />
              </>
            )}
          </div>
        </div>
      )}
    </>
  );
}
