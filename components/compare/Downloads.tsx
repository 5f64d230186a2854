"use client";

import { useState } from "react";
import type { StatsResult } from "@/lib/stats/types";
import { overlapCsv, plateauCsv, tableCsv } from "@/lib/stats/statsCsv";
import { download, downloadPng, downloadSvg } from "./exportChart";

interface Props {
  stats: StatsResult;
  /** Chart containers to export, with the legend to draw into the file. */
  charts: {
    id: string;
    file: string;
    title: string;
    legend: { label: string; color: number }[];
    /** Draws the chart first when it is not on the page yet (a chart below the fold is drawn when reached). */
    drawn?: () => Promise<void>;
  }[];
}

const csv = (text: string) => new Blob([text], { type: "text/csv;charset=utf-8" });

/** Download buttons: the data as CSV, each chart as SVG and PNG. */
export function Downloads({ stats, charts }: Props) {
  const [error, setError] = useState<string | null>(null);
  const guard = (f: () => unknown) => async () => {
    setError(null);
    try {
      await f();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <div className="toolbar" aria-label="Downloads" role="group" style={{ marginBottom: 0 }}>
      <span className="muted">Download:</span>
      <button type="button" onClick={guard(() => download("plateau.csv", csv(plateauCsv(stats))))}>
        Curve CSV
      </button>
      <button type="button" onClick={guard(() => download("plateau-table.csv", csv(tableCsv(stats))))}>
        Table CSV
      </button>
      {stats.overlap?.length ? (
        <button type="button" onClick={guard(() => download("plateau-overlap.csv", csv(overlapCsv(stats))))}>
          Overlap CSV
        </button>
      ) : null}
      {charts.map((c) => (
        <span key={c.id} style={{ display: "inline-flex", gap: 6 }}>
          <button
            type="button"
            onClick={guard(async () => (await c.drawn?.(), downloadSvg(`${c.file}.svg`, c.id, c.legend, c.title)))}
          >
            {c.title} SVG
          </button>
          <button
            type="button"
            onClick={guard(async () => (await c.drawn?.(), downloadPng(`${c.file}.png`, c.id, c.legend, c.title)))}
          >
            {c.title} PNG
          </button>
        </span>
      ))}
      {error && (
        <span className="bad" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
