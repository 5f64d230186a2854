"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import type { CompareData } from "@/lib/stats/loadCompare";
import type { ErrorAtTurn, StatsResult } from "@/lib/stats/types";
import { errorSeries, plateauSeries } from "@/lib/stats/plateauSeries";
import { MuCodeShares } from "./MuCodeShares";
import { StatsTable } from "./StatsTable";
import { SplitTable } from "./SplitTable";
import { OverlapPanel } from "./OverlapPanel";
import { Downloads } from "./Downloads";
import { CHART_HEIGHT } from "./palette";
import type { PlateauChart } from "./PlateauChart";
import type { ErrorByTurnChart } from "./ErrorByTurnChart";

// The charts' library (recharts, ~400 KB of script) loads after the page has painted and answers
// clicks: the controls and the table do not wait for it, and each chart's room is kept meanwhile.
// Both start to load as this module runs in the browser. Not next/dynamic: its Suspense boundary
// held each resolved chart back for React's reveal throttle (~150–300 ms, measured on Compare).
const charts = () => Promise.all([import("./PlateauChart"), import("./ErrorByTurnChart")]);
let loadingCharts: ReturnType<typeof charts> | null = typeof window === "undefined" ? null : charts();

type Charts = { PlateauChart: typeof PlateauChart; ErrorByTurnChart: typeof ErrorByTurnChart };

function useCharts(): Charts | "failed" | null {
  const [loaded, setLoaded] = useState<Charts | "failed" | null>(null);
  useEffect(() => {
    let live = true;
    (loadingCharts ??= charts()).then(
      ([a, b]) => live && setLoaded({ PlateauChart: a.PlateauChart, ErrorByTurnChart: b.ErrorByTurnChart }),
      () => {
        loadingCharts = null; // a later visit may try again
        if (live) setLoaded("failed");
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return loaded;
}

/**
 * Whether the chart in `room` is to be drawn: once the room comes into view, or when the returned
 * function asks (a download). recharts draws a chart in one long task (~100–200 ms): one below the
 * fold is not drawn while the page becomes interactive.
 */
function useDrawnInView(room: React.RefObject<HTMLElement | null>): [boolean, () => void] {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const el = room.current;
    if (!el || shown) return;
    const observer = new IntersectionObserver(([e]) => e.isIntersecting && setShown(true));
    observer.observe(el);
    return () => observer.disconnect();
  }, [room, shown]);
  return [shown, () => setShown(true)];
}

/** Resolves once the chart `id` holds its drawing (a few frames after it is asked for). */
function drawingOf(id: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const until = performance.now() + 5000;
    const look = () => {
      if (document.getElementById(id)?.querySelector("svg")) resolve();
      else if (performance.now() > until) reject(new Error("the chart is not drawn yet: try again in a moment"));
      else requestAnimationFrame(look);
    };
    look();
  });
}

function ChartRoom({ height, failed }: { height: number; failed: boolean }) {
  return failed ? (
    <div className="error-box" style={{ height }}>
      The chart could not be loaded: reload the page.
    </div>
  ) : (
    <div style={{ height }} />
  );
}

type Errors =
  { state: "loading" } | { state: "done"; byGroup: Map<string, ErrorAtTurn[]> } | { state: "failed"; message: string };

/**
 * The results of a comparison. The page arrives with the plateau chart, the table, the split and
 * the overlap; the error rate by turn (which reads every step) follows from /api/stats.
 */
/** What the results read of the page's data (the run list stays with the picker). */
export type ResultsData = Pick<CompareData, "stats" | "errorsUrl" | "mucode" | "tasks">;

export function CompareResults({ data }: { data: ResultsData }) {
  const base = data.stats!;
  const [errors, setErrors] = useState<Errors>(
    data.errorsUrl ? { state: "loading" } : { state: "done", byGroup: new Map(base.groups.map((g) => [g.key, g.errorByTurn])) },
  );
  useEffect(() => {
    if (!data.errorsUrl) return;
    const abort = new AbortController();
    setErrors({ state: "loading" });
    fetch(data.errorsUrl, { signal: abort.signal })
      .then(async (res) => {
        const body = await res.json();
        if (!res.ok) throw new Error(body.error ?? `the server answered ${res.status}`);
        setErrors({ state: "done", byGroup: new Map((body as StatsResult).groups.map((g) => [g.key, g.errorByTurn])) });
      })
      .catch((err: Error) => {
        if (err.name !== "AbortError") setErrors({ state: "failed", message: err.message });
      });
    return () => abort.abort();
  }, [data.errorsUrl]);

  const stats: StatsResult = useMemo(
    () =>
      errors.state === "done"
        ? { ...base, groups: base.groups.map((g) => ({ ...g, errorByTurn: errors.byGroup.get(g.key) ?? [] })) }
        : base,
    [base, errors],
  );
  const plateau = useMemo(() => plateauSeries(stats), [stats]);
  const errorLines = useMemo(() => errorSeries(stats), [stats]);
  const legend = stats.groups.map((g, i) => ({ label: g.key, color: i }));
  const loaded = useCharts();
  const chart = loaded === "failed" ? null : loaded;
  const errorRoom = useRef<HTMLElement>(null);
  const [errorsInView, drawErrors] = useDrawnInView(errorRoom);

  return (
    <>
      <section className="panel" aria-labelledby="plateau-h" style={{ marginBottom: 16 }}>
        <div className="toolbar" style={{ justifyContent: "space-between" }}>
          <h2 id="plateau-h" style={{ margin: 0 }}>
            Success within k turns (SR@k)
          </h2>
          <span className="muted" style={{ fontSize: 12 }}>
            bands: 95 % Wilson intervals · hover, or focus the chart and use the arrow keys, for values
          </span>
        </div>
        {chart ? (
          <chart.PlateauChart id="plateau-chart" series={plateau} k={stats.k} />
        ) : (
          <ChartRoom height={CHART_HEIGHT.plateau} failed={loaded === "failed"} />
        )}
      </section>

      <section className="panel" aria-labelledby="table-h" style={{ marginBottom: 16 }}>
        <h2 id="table-h" style={{ marginTop: 0 }}>
          Per group
        </h2>
        <StatsTable groups={stats.groups} k={stats.k} />
        {stats.mode === "intercode" && (
          <p className="muted" style={{ fontSize: 12, marginBottom: 0 }}>
            InterCode reward. For imported runs the rewards are those recorded in the logs (score version &quot;log&quot;), not
            recomputed by Plateau. Turns = mean turns taken (Plan &amp; Solve: actions). Error % = mean share of inadmissible
            actions.
          </p>
        )}
        {stats.notes.map((n) => (
          <p key={n} className="muted" style={{ fontSize: 12, margin: "4px 0 0" }}>
            Note: {n}.
          </p>
        ))}
        <div style={{ marginTop: 12 }}>
          <Downloads
            stats={stats}
            charts={[
              { id: "plateau-chart", file: "plateau", title: "Plateau chart", legend },
              ...(errorLines.lines.length
                ? [
                    {
                      id: "error-chart",
                      file: "error-by-turn",
                      title: "Error chart",
                      legend: errorLines.lines.map((l) => ({ label: l.label, color: Number(l.id.slice(1)) })),
                      drawn: () => (drawErrors(), drawingOf("error-chart")),
                    },
                  ]
                : []),
            ]}
          />
        </div>
      </section>

      <section
        ref={errorRoom}
        className="panel"
        aria-labelledby="errors-h"
        style={{ marginBottom: 16 }}
        aria-busy={errors.state === "loading"}
      >
        <h2 id="errors-h" style={{ marginTop: 0 }}>
          Error rate by turn
        </h2>
        {errors.state === "loading" ? (
          <p className="muted" role="status">
            Reading the steps…
          </p>
        ) : errors.state === "failed" ? (
          <div className="error-box">The error rates could not be loaded: {errors.message}</div>
        ) : errorLines.lines.length ? (
          chart && errorsInView ? (
            <chart.ErrorByTurnChart id="error-chart" series={errorLines} k={stats.k} />
          ) : (
            <ChartRoom height={CHART_HEIGHT.errors} failed={loaded === "failed"} />
          )
        ) : (
          <p className="muted">These logs do not say which actions were admissible.</p>
        )}
      </section>

      {stats.splits && stats.split && (
        <section className="panel" aria-labelledby="split-h" style={{ marginBottom: 16 }}>
          <h2 id="split-h" style={{ marginTop: 0 }}>
            Per difficulty
          </h2>
          <SplitTable rows={stats.splits} split={stats.split} groups={stats.groups.map((g) => g.key)} />
        </section>
      )}

      {data.mucode.length > 0 && (
        <section className="panel" aria-labelledby="mucode-h" style={{ marginBottom: 16 }}>
          <h2 id="mucode-h" style={{ marginTop: 0 }}>
            µCode: public tests against private tests
          </h2>
          <MuCodeShares rows={data.mucode} />
        </section>
      )}

      <section className="panel" aria-labelledby="overlap-h">
        <h2 id="overlap-h" style={{ marginTop: 0 }}>
          Which tasks each group solves
        </h2>
        {stats.overlap?.length ? (
          <OverlapPanel pairs={stats.overlap} tasks={data.tasks} />
        ) : (
          <p className="muted">
            {stats.notes.find((n) => n.startsWith("overlap")) ??
              "Select two or more groups to see which tasks each solves that the others do not."}
          </p>
        )}
      </section>
    </>
  );
}
