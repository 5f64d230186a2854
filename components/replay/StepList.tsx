"use client";
import { memo, useEffect, useRef } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { formatDuration } from "@/lib/replay/formatTime";
import { markKind } from "@/lib/replay/timelineMarks";
import { scrollToShow } from "@/lib/replay/scrollToShow";
import type { ReplayStep } from "@/lib/replay/types";
import s from "./replay.module.css";
import { formatReward, formatCount } from "@/lib/stats/formatNumber";

const FIRST_PAINT_RECT = { width: 0, height: 900 };

interface Props {
  steps: ReplayStep[];
  /** Selected turn, 1-based (0: before the first). */
  turn: number;
  onSelect(turn: number): void;
  /** Turns with a search match. */
  hits?: ReadonlySet<number>;
  /** The first turn that differs from the other episode (side by side). */
  diffTurn?: number | null;
  className?: string;
  testId?: string;
  /** The episode's environment's submit rule (isSubmitIn). */
  isSubmit(action: string): boolean;
}

/**
 * The turns of an episode, virtualized (10,000 rows scroll like 10): turn, action, exit code,
 * reward, duration, thought. Memoized: a playing replay's page renders every frame, the list only
 * when its turn or steps change.
 */
export const StepList = memo(function StepList({
  steps,
  turn,
  onSelect,
  hits,
  diffTurn,
  className,
  testId = "step-list",
  isSubmit,
}: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const thoughtful = steps.some((st) => st.thought || st.plan);
  const rowHeight = thoughtful ? 46 : 29;
  const virtual = useVirtualizer({
    count: steps.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    // Before the list is measured (the server's render, and hydration, which must match it): a
    // window's worth of rows, so the first paint lists the steps.
    initialRect: FIRST_PAINT_RECT,
  });

  // The selected turn scrolls into view once the frame showing it is painted, and only if no
  // other turn came meanwhile. Scrolling forces a layout of the page; right after a paint there
  // is none left to do, while during a seek it would hold up the screen (and scrollToIndex reads
  // the layout again over several frames). Rows have a fixed height, and the virtualizer knows
  // where the list is scrolled.
  useEffect(() => {
    const el = scroller.current;
    if (!el || turn < 1 || turn > steps.length) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const top = scrollToShow(
          (turn - 1) * rowHeight,
          rowHeight,
          virtual.scrollOffset ?? 0,
          virtual.scrollRect?.height || el.clientHeight,
        );
        if (top !== null) el.scrollTop = top;
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [turn, steps.length, rowHeight, virtual]);

  return (
    <div
      ref={scroller}
      className={`${s.list} ${className ?? ""}`}
      data-testid={testId}
      role="listbox"
      aria-label="Steps"
      tabIndex={-1}
    >
      {steps.length === 0 && (
        <div className="muted" style={{ padding: 12 }}>
          This episode has no steps.
        </div>
      )}
      <div style={{ height: virtual.getTotalSize(), position: "relative" }}>
        {virtual.getVirtualItems().map((item) => {
          const step = steps[item.index];
          const t = item.index + 1;
          return (
            <div
              key={item.key}
              role="option"
              aria-selected={t === turn}
              data-testid="step-row"
              data-turn={t}
              data-diff={t === diffTurn || undefined}
              className={`${s.row} ${t === turn ? s.rowSelected : ""} ${t === diffTurn ? s.rowDiff : ""}`}
              style={{ top: item.start, height: rowHeight }}
              onClick={() => onSelect(t)}
            >
              <div className={s.rowLine}>
                <span className={s.turn}>{t}</span>
                <span className={s.action} title={step.action}>
                  {step.action || <span className="muted">(empty)</span>}
                </span>
                {hits?.has(t) && <span className={s.hit} title="search match" />}
                <Outcome step={step} isSubmit={isSubmit} />
                <BestOfNBadge n={step.search?.n} />
                {step.reward !== null && (
                  <span className={`${s.badge} ${step.reward > 0 ? s.badgeReward : ""}`} title="reward at this turn">
                    {formatReward(step.reward)}
                  </span>
                )}
                <span className={s.dim}>{formatDuration(step.durationMs)}</span>
              </div>
              {thoughtful && (
                <div className={s.thought} title={step.thought ?? step.plan ?? ""}>
                  {step.thought ?? step.plan ?? ""}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
});

function Outcome({ step, isSubmit }: { step: ReplayStep; isSubmit(action: string): boolean }) {
  const kind = markKind(step, isSubmit);
  if (kind === "submit") return <span className={`${s.badge} ${s.badgeSubmit}`}>submit</span>;
  if (step.exitCode === null && step.admissible === null) return null;
  const ok = step.admissible ?? step.exitCode === 0;
  const label = step.exitCode !== null ? `exit ${step.exitCode}` : ok ? "ok" : "inadmissible";
  return (
    <span className={`${s.badge} ${ok ? s.badgeOk : s.badgeBad}`} title={ok ? "admissible" : "inadmissible"}>
      {label}
    </span>
  );
}

/** Tells which turns hold a Best-of-N search (their candidates are in the step's detail). */
function BestOfNBadge({ n }: { n: number | undefined }) {
  return n ? (
    <span
      className={s.badge}
      title={`Best-of-N: ${formatCount(n, "candidate")} tried, one executed; select the turn to compare them`}
      data-testid="step-best-of-n"
    >
      best of {n}
    </span>
  ) : null;
}
