"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ErrorRow, Series } from "@/lib/stats/plateauSeries";
import { ChartTooltip } from "./ChartTooltip";
import { CHART, colorOf, turnAxisProps, percentAxisProps, CHART_HEIGHT } from "./palette";
import { formatPercent } from "@/lib/stats/formatNumber";

/** Share of inadmissible k-th actions per group, each in its colour from the plateau chart (line s3 → colour 3). Draws only. */
export function ErrorByTurnChart({ series, k, id }: { series: Series<ErrorRow>; k: number; id: string }) {
  const color = (lineId: string) => colorOf(Number(lineId.slice(1)));
  return (
    <div id={id} data-testid="error-chart" role="figure" aria-label={`Error rate of the k-th action, k = 1 to ${k}`}>
      <ResponsiveContainer width="100%" height={CHART_HEIGHT.errors}>
        <LineChart data={series.rows} margin={{ top: 10, right: 24, bottom: 24, left: 8 }}>
          <CartesianGrid stroke={CHART.grid} strokeDasharray="3 3" />
          <XAxis {...turnAxisProps(k, "turn k")} />
          <YAxis {...percentAxisProps(series.max, "Error % at turn k")} />
          <Tooltip
            content={
              <ChartTooltip
                lines={series.lines}
                title={(x) => `action ${x}`}
                describe={(row, l) =>
                  row[l.id] === null ? null : `${formatPercent(row[l.id] as number)} % of ${row[`${l.id}_n`]}`
                }
              />
            }
          />
          <Legend verticalAlign="top" height={28} wrapperStyle={{ fontSize: 12, color: CHART.text }} />
          {series.lines.map((l) => (
            <Line
              key={l.id}
              dataKey={l.id}
              name={l.label}
              stroke={color(l.id)}
              strokeWidth={2}
              dot={{ r: 3, fill: color(l.id) }}
              isAnimationActive={false}
              connectNulls
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
