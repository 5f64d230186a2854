"use client";
import { useEffect, useMemo, useRef, useState } from "react";
import { timelineMarks, type MarkKind } from "@/lib/replay/timelineMarks";
import type { Player, PlayerView } from "@/lib/replay/Player";
import type { ReplayStep } from "@/lib/replay/types";
import s from "./replay.module.css";

const COLORS: Record<MarkKind, string> = { step: "#4a5366", error: "#f07178", reward: "#4cc38a", submit: "#6ea8fe" };

/** The whole episode as a bar: a mark per turn (rewards, errors and submit stand out), the playhead; click or drag to seek. */
export function TimelineBar({
  player,
  view,
  steps,
  isSubmit,
}: {
  player: Player;
  view: PlayerView;
  steps: ReplayStep[];
  isSubmit(action: string): boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { duration, turnCount } = view;
  const { idleCap, time } = view.state;
  const marks = useMemo(
    () =>
      timelineMarks(
        steps.slice(0, turnCount),
        (k) => player.timeline.timeAt(player.timeline.turnEnd(k), idleCap),
        duration,
        isSubmit,
      ),
    // turnCount and duration change as a live episode grows
    [steps, player, idleCap, duration, turnCount, isSubmit],
  );

  // The canvas's size as the ResizeObserver reports it (after layout): reading clientWidth while
  // drawing would force a layout of the page on every move of the playhead.
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const observer = new ResizeObserver(([entry]) => setSize({ w: entry.contentRect.width, h: entry.contentRect.height }));
    observer.observe(c);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const c = canvas.current;
    if (!c || !size) return;
    const dpr = window.devicePixelRatio || 1;
    const { w, h } = size;
    if (c.width !== Math.round(w * dpr) || c.height !== Math.round(h * dpr)) {
      c.width = Math.round(w * dpr);
      c.height = Math.round(h * dpr);
    }
    const g = c.getContext("2d");
    if (!g) return;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, w, h);
    g.fillStyle = "#1e222b";
    g.fillRect(0, 8, w, h - 16);
    const played = duration > 0 ? (time / duration) * w : 0;
    g.fillStyle = "#2c3a55";
    g.fillRect(0, 8, played, h - 16);
    // Ordinary turns first, the marks that matter on top.
    for (const pass of ["step", "other"] as const) {
      for (const m of marks) {
        if ((m.kind === "step") !== (pass === "step")) continue;
        const x = Math.round(m.at * (w - 2)) + 0.5;
        g.fillStyle = COLORS[m.kind];
        if (m.kind === "step") g.fillRect(x, 10, 1, h - 20);
        else g.fillRect(x - 1, 3, 3, h - 6);
      }
    }
    g.fillStyle = "#e6e8ee";
    g.fillRect(Math.min(w - 2, Math.max(0, played - 1)), 0, 2, h);
  }, [marks, time, duration, size]);

  const seekAt = (e: React.PointerEvent<HTMLDivElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const at = Math.min(1, Math.max(0, (e.clientX - r.left) / r.width));
    player.dispatch({ type: "seekTime", time: at * duration });
  };

  return (
    <div
      className={s.timeline}
      data-testid="timeline"
      role="slider"
      aria-label="Timeline"
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(time)}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        seekAt(e);
      }}
      onPointerMove={(e) => {
        if (e.currentTarget.hasPointerCapture(e.pointerId)) seekAt(e);
      }}
    >
      <canvas ref={canvas} />
    </div>
  );
}
