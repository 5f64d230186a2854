// Chart downloads in the browser: the recharts <svg> serialised (with a background and a legend
// drawn in, so the file stands alone), PNG via a canvas, CSV from the prepared data.

import { CHART, colorOf } from "./palette";

const SVG_NS = "http://www.w3.org/2000/svg";
const FONT = "system-ui, -apple-system, 'Segoe UI', 'DejaVu Sans', sans-serif";

export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The chart in `containerId` as a standalone SVG document, with `legend` drawn under it. */
export function chartSvg(
  containerId: string,
  legend: { label: string; color: number }[],
  title?: string,
): { text: string; width: number; height: number } {
  const svg = document.querySelector<SVGSVGElement>(`#${containerId} .recharts-wrapper > svg`);
  if (!svg) throw new Error("the chart is not drawn yet");
  const width = svg.width.baseVal.value || svg.clientWidth;
  const chartHeight = svg.height.baseVal.value || svg.clientHeight;
  const top = title ? 28 : 0;
  const rowH = 18;
  const height = top + chartHeight + 12 + legend.length * rowH;

  const out = document.createElementNS(SVG_NS, "svg");
  out.setAttribute("xmlns", SVG_NS);
  out.setAttribute("width", String(width));
  out.setAttribute("height", String(height));
  out.setAttribute("viewBox", `0 0 ${width} ${height}`);
  out.setAttribute("font-family", FONT);
  out.setAttribute("font-size", "12");
  const bg = document.createElementNS(SVG_NS, "rect");
  Object.entries({ width: "100%", height: "100%", fill: CHART.background }).forEach(([k, v]) => bg.setAttribute(k, v));
  out.appendChild(bg);
  if (title) {
    const t = document.createElementNS(SVG_NS, "text");
    Object.entries({ x: "12", y: "19", fill: CHART.text, "font-size": "14", "font-weight": "600" }).forEach(([k, v]) =>
      t.setAttribute(k, v),
    );
    t.textContent = title;
    out.appendChild(t);
  }
  const body = svg.cloneNode(true) as SVGSVGElement;
  body.setAttribute("y", String(top));
  body.querySelectorAll(".recharts-tooltip-cursor, .recharts-active-dot").forEach((n) => n.remove());
  out.appendChild(body);
  legend.forEach((l, i) => {
    const y = top + chartHeight + 12 + i * rowH;
    const line = document.createElementNS(SVG_NS, "line");
    Object.entries({
      x1: "16",
      x2: "40",
      y1: String(y + 6),
      y2: String(y + 6),
      stroke: colorOf(l.color),
      "stroke-width": "3",
    }).forEach(([k, v]) => line.setAttribute(k, v));
    const text = document.createElementNS(SVG_NS, "text");
    Object.entries({ x: "48", y: String(y + 10), fill: CHART.text }).forEach(([k, v]) => text.setAttribute(k, v));
    text.textContent = l.label;
    out.append(line, text);
  });
  return { text: `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(out)}`, width, height };
}

export function downloadSvg(name: string, containerId: string, legend: { label: string; color: number }[], title?: string): void {
  const { text } = chartSvg(containerId, legend, title);
  download(name, new Blob([text], { type: "image/svg+xml" }));
}

/** The same SVG rendered at 2× on a canvas. */
export async function downloadPng(
  name: string,
  containerId: string,
  legend: { label: string; color: number }[],
  title?: string,
): Promise<void> {
  const { text, width, height } = chartSvg(containerId, legend, title);
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
  try {
    const img = new Image();
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error("the chart could not be rendered to PNG"));
      img.src = url;
    });
    const scale = 2;
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const ctx = canvas.getContext("2d")!;
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!blob) throw new Error("the browser could not encode the PNG");
    download(name, blob);
  } finally {
    URL.revokeObjectURL(url);
  }
}
