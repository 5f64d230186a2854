"use client";

import type { SeriesLine } from "@/lib/stats/plateauSeries";
import { CHART, colorOf } from "./palette";

interface Props {
  active?: boolean;
  label?: number | string;
  payload?: { payload?: Record<string, unknown> }[];
  lines: SeriesLine[];
  /** What a point's value means, e.g. "SR@k". */
  describe(row: Record<string, unknown>, line: SeriesLine): string | null;
  title(k: number | string): string;
}

/** The values of every line at the hovered (or keyboard-focused) turn budget. */
export function ChartTooltip({ active, label, payload, lines, describe, title }: Props) {
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  return (
    <div
      role="status"
      style={{
        background: CHART.background,
        border: `1px solid ${CHART.grid}`,
        borderRadius: 6,
        padding: "8px 10px",
        fontSize: 12,
        color: CHART.text,
      }}
    >
      <div style={{ fontWeight: 600, marginBottom: 4 }}>{title(label ?? "")}</div>
      {lines.map((l, i) => {
        const text = describe(row, l);
        return text === null ? null : (
          <div key={l.id} style={{ display: "flex", gap: 8, alignItems: "baseline" }}>
            <span style={{ width: 10, height: 10, borderRadius: 2, background: colorOf(i), display: "inline-block" }} />
            <span
              style={{ color: CHART.axis, maxWidth: 320, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
            >
              {l.label}
            </span>
            <span className="num" style={{ marginLeft: "auto", fontVariantNumeric: "tabular-nums" }}>
              {text}
            </span>
          </div>
        );
      })}
    </div>
  );
}
