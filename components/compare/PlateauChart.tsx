"use client";

import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { PlateauRow, Series } from "@/lib/stats/plateauSeries";
import { ChartTooltip } from "./ChartTooltip";
import { CHART, colorOf, turnAxisProps, percentAxisProps, CHART_HEIGHT } from "./palette";
import { formatPercent, formatCount } from "@/lib/stats/formatNumber";

const f1 = (x: unknown) => formatPercent(typeof x === "number" ? x : null);

/** SR@k against the turn budget k: one line per group, its 95 % Wilson band around it. Draws only. */
export function PlateauChart({ series, k, id }: { series: Series<PlateauRow>; k: number; id: string }) {
  return (
    <div
      id={id}
      data-testid="plateau-chart"
      role="figure"
      aria-label={`Success rate within k turns, k = 1 to ${k}, for ${formatCount(series.lines.length, "group")}`}
    >
      <ResponsiveContainer width="100%" height={CHART_HEIGHT.plateau}>
        <ComposedChart data={series.rows} margin={{ top: 10, right: 24, bottom: 24, left: 8 }}>
          <CartesianGrid stroke={CHART.grid} strokeDasharray="3 3" />
          <XAxis {...turnAxisProps(k, "turn budget k")} />
          <YAxis {...percentAxisProps(series.max, "SR@k")} />
          <Tooltip
            content={
              <ChartTooltip
                lines={series.lines}
                title={(x) => `within ${formatCount(Number(x), "turn")}`}
                describe={(row, l) => {
                  const band = row[`${l.id}_band`] as [number, number] | null;
                  return row[l.id] === null ? null : `${f1(row[l.id])} % (${f1(band?.[0])}–${f1(band?.[1])})`;
                }}
              />
            }
          />
          <Legend verticalAlign="top" height={28} wrapperStyle={{ fontSize: 12, color: CHART.text }} />
          {series.lines.map((l, i) => (
            <Area
              key={`${l.id}_band`}
              dataKey={`${l.id}_band`}
              stroke="none"
              fill={colorOf(i)}
              fillOpacity={0.14}
              isAnimationActive={false}
              legendType="none"
              tooltipType="none"
              activeDot={false}
              connectNulls
            />
          ))}
          {series.lines.map((l, i) => (
            <Line
              key={l.id}
              dataKey={l.id}
              name={l.label}
              stroke={colorOf(i)}
              strokeWidth={2}
              dot={{ r: 3, fill: colorOf(i) }}
              activeDot={{ r: 5 }}
              isAnimationActive={false}
              connectNulls
            />
          ))}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
