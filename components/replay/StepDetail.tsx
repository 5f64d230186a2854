"use client";
import { memo, useEffect, useRef } from "react";
import { formatDuration } from "@/lib/replay/formatTime";
import type { SearchField, StepMatch } from "@/lib/replay/searchSteps";
import type { ReplayStep } from "@/lib/replay/types";
import { formatReward } from "@/lib/stats/formatNumber";
import { BestOfNCandidates } from "./BestOfNCandidates";
import s from "./replay.module.css";

/** The selected turn in full: thought, plan, action, observation, with search matches marked (memoized as StepList). */
export const StepDetail = memo(function StepDetail({
  step,
  turn,
  outputs,
  matches,
  current,
}: {
  step: ReplayStep | null;
  turn: number;
  outputs: boolean;
  matches: StepMatch[];
  current: StepMatch | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  // Bring the search match being shown into view inside the panel (only the panel scrolls, not the page).
  useEffect(() => {
    const panel = box.current;
    const mark = panel?.querySelector<HTMLElement>("mark[data-current]");
    if (!panel || !mark) return;
    const top = mark.getBoundingClientRect().top - panel.getBoundingClientRect().top + panel.scrollTop;
    if (top < panel.scrollTop || top > panel.scrollTop + panel.clientHeight - 24)
      panel.scrollTop = Math.max(0, top - panel.clientHeight / 3);
  }, [current, turn]);
  if (!step) {
    return (
      <div className={`panel ${s.detail}`} data-testid="step-detail">
        <span className="muted">{turn === 0 ? "Before the first step. Press → or j to step." : "No step selected."}</span>
      </div>
    );
  }
  const mine = matches.filter((m) => m.turn === turn);
  const field = (f: SearchField, text: string | null, mono = true) =>
    text ? (
      <>
        <div className={s.label}>{f}</div>
        {mono ? (
          <pre data-testid={`detail-${f}`}>
            <Marked text={text} ranges={mine.filter((m) => m.field === f)} current={current} />
          </pre>
        ) : (
          <div data-testid={`detail-${f}`}>
            <Marked text={text} ranges={mine.filter((m) => m.field === f)} current={current} />
          </div>
        )}
      </>
    ) : null;
  return (
    <div ref={box} className={`panel ${s.detail}`} data-testid="step-detail">
      <div className={s.detailHead}>
        <strong>Turn {turn}</strong>
        {step.exitCode !== null && <span className={step.exitCode === 0 ? "ok" : "bad"}>exit {step.exitCode}</span>}
        {step.admissible !== null && (
          <span className={step.admissible ? "ok" : "bad"}>{step.admissible ? "admissible" : "inadmissible"}</span>
        )}
        {step.reward !== null && <span>reward {formatReward(step.reward)}</span>}
        {step.durationMs !== null && <span className="muted">{formatDuration(step.durationMs)}</span>}
        {step.truncated && <span className="warn">output truncated</span>}
      </div>
      {field("thought", step.thought, false)}
      {field("plan", step.plan, false)}
      {field("action", step.action)}
      {field("observation", step.observation)}
      {!step.observation && (
        <div className="muted" style={{ fontSize: 12 }}>
          {outputs ? "(no output)" : "Loading the output…"}
        </div>
      )}
      {step.search && <BestOfNCandidates view={step.search} />}
    </div>
  );
});

/** Text with the given ranges wrapped in <mark> (plain text only: never HTML from the episode). */
function Marked({ text, ranges, current }: { text: string; ranges: StepMatch[]; current: StepMatch | null }) {
  if (!ranges.length) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  ranges.forEach((r, i) => {
    if (r.start > at) parts.push(text.slice(at, r.start));
    const isCurrent = current !== null && current.turn === r.turn && current.field === r.field && current.start === r.start;
    parts.push(
      <mark key={i} className={isCurrent ? s.current : undefined} data-current={isCurrent || undefined}>
        {text.slice(r.start, r.end)}
      </mark>,
    );
    at = r.end;
  });
  parts.push(text.slice(at));
  return <>{parts}</>;
}
