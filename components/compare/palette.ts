/** Line colours, distinguishable on the dark panel and in exported figures (literal, not CSS variables, so an exported SVG keeps them). */
export const PALETTE = ["#6ea8fe", "#f0a35e", "#4cc38a", "#e06c9f", "#c3a6ff", "#e5c07b", "#5cc8d6", "#f07178"];

export const colorOf = (i: number) => PALETTE[i % PALETTE.length];

/** Chart chrome, literal for the same reason. */
export const CHART = { grid: "#2a2f3a", axis: "#9aa3b2", text: "#e6e8ee", background: "#171a21" };

/** Chart heights (px): the page keeps each chart's room while its script loads (no shift when it draws). */
export const CHART_HEIGHT = { plateau: 380, errors: 280 };

/** x-axis ticks for turn budgets 1…k: every turn up to 20, then 1, 5, 10, … */
const turnTicks = (k: number) => Array.from({ length: k }, (_, i) => i + 1).filter((x) => k <= 20 || x === 1 || x % 5 === 0);

/** y-axis top and ticks for a percentage axis that must show `max`: steps of 10 up to 60 %, else 20. */
function percentAxis(max: number): { top: number; ticks: number[] } {
  const step = max > 60 ? 20 : 10;
  const top = Math.min(100, Math.max(step, Math.ceil(max / step) * step));
  return { top, ticks: Array.from({ length: top / step + 1 }, (_, i) => i * step) };
}

const AXIS_TEXT = { fill: CHART.axis, fontSize: 12 };

/** Props of a chart's x axis over turns 1…k (the rows' `k`), under its label. */
export const turnAxisProps = (k: number, label: string) => ({
  dataKey: "k",
  type: "number" as const,
  domain: [1, k],
  ticks: turnTicks(k),
  stroke: CHART.axis,
  tick: AXIS_TEXT,
  label: { value: label, position: "insideBottom" as const, offset: -12, ...AXIS_TEXT },
});

/** Props of a chart's y axis in percent, tall enough to show `max`, beside its label. */
export function percentAxisProps(max: number, label: string) {
  const y = percentAxis(max);
  return {
    domain: [0, y.top],
    ticks: y.ticks,
    stroke: CHART.axis,
    tick: AXIS_TEXT,
    tickFormatter: (v: number) => `${v}%`,
    label: { value: label, angle: -90, position: "insideLeft" as const, ...AXIS_TEXT },
  };
}
