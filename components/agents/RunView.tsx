"use client";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import type { RunProgress } from "@/lib/agents/runs/protocol";
import type { EpisodeRow } from "@/lib/agents/runs/runPageData";
import { useRunProgress } from "./useRunProgress";
import { ProgressBar } from "./ProgressBar";
import { formatPercent, formatReward, formatCount } from "@/lib/stats/formatNumber";

interface Meta {
  environment: string | null;
  model: string | null;
  strategy: string | null;
  turnLimit: number | null;
  tasks: string | null;
  concurrency: number | null;
  timeoutMs: number | null;
  execution: string;
  endpoint: string | null;
  baseUrl: string | null;
}

/** One batch run: live progress, its episodes (watch the running ones live, replay the others), cancel. */
export function RunView({
  initial,
  meta,
  episodes: firstEpisodes,
}: {
  initial: RunProgress;
  meta: Meta;
  episodes: EpisodeRow[];
}) {
  const p = useRunProgress(initial.runId, [initial]).get(initial.runId) ?? initial;
  const [episodes, setEpisodes] = useState(firstEpisodes);
  const [cancelling, setCancelling] = useState(false);
  const key = `${p.done}|${p.running.map((r) => r.episodeId).join(",")}|${p.status}`;
  const lastKey = useRef(key);

  // The list follows the progress: fetch it again when an episode starts or ends.
  useEffect(() => {
    if (key === lastKey.current) return;
    lastKey.current = key;
    let stale = false;
    void fetch(`/api/agent-runs/${initial.runId}`)
      .then((r) => (r.ok ? r.json() : null))
      .then((body) => {
        if (!stale && body) setEpisodes(body.episodes as EpisodeRow[]);
      });
    return () => {
      stale = true;
    };
  }, [key, initial.runId]);

  const running = new Map(p.running.map((r) => [r.episodeId, r]));
  const active = p.status === "running" || p.status === "queued";
  async function cancel() {
    setCancelling(true);
    await fetch(`/api/agent-runs/${initial.runId}/cancel`, { method: "POST" }).catch(() => {});
    setCancelling(false);
  }

  return (
    <main>
      <div className="muted" style={{ fontSize: 12 }}>
        <Link href="/agent-runs">Agent runs</Link> /
      </div>
      <h1 data-testid="run-name">{p.name}</h1>
      <div className="panel" style={{ marginBottom: 16 }}>
        <div className="toolbar" style={{ justifyContent: "space-between" }}>
          <span>
            <span className="tag" data-testid="run-status">
              {p.status}
            </span>{" "}
            <span className="muted">
              {meta.strategy}
              {meta.model ? ` · ${meta.model}` : ""}
              {meta.endpoint ? <span title={meta.baseUrl ?? undefined}> · endpoint {meta.endpoint}</span> : null} ·{" "}
              {meta.environment} · tasks {meta.tasks} ·{" "}
              {meta.turnLimit === null ? "no turn limit" : formatCount(meta.turnLimit, "turn")} · concurrency {meta.concurrency} ·
              timeout {(meta.timeoutMs ?? 0) / 1000} s · {meta.execution} execution
            </span>
          </span>
          {active && (
            <button onClick={cancel} disabled={cancelling}>
              {cancelling ? "Cancelling…" : "Cancel run"}
            </button>
          )}
        </div>
        <ProgressBar p={p} />
        <div className="toolbar" style={{ marginTop: 8, marginBottom: 0 }}>
          <span className="ok" data-testid="run-succeeded">
            {p.succeeded} solved
          </span>
          <span className="bad" data-testid="run-errors">
            {p.errors} errors
          </span>
          <span className="muted">{p.running.length} running</span>
          {p.done > 0 && <span className="muted">SR {formatPercent((p.succeeded / p.done) * 100)} % so far</span>}
          {p.status === "done" && <Link href={`/compare?runs=${encodeURIComponent(p.name)}`}>Compare →</Link>}
        </div>
        {p.failure && (
          <div className="error-box" style={{ marginTop: 10 }}>
            {p.failure}
          </div>
        )}
      </div>
      <table data-testid="run-episodes">
        <thead>
          <tr>
            <th>Task</th>
            <th>Query</th>
            <th>Status</th>
            <th className="num">Turns</th>
            <th className="num">Reward</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {episodes.map((e) => {
            const live = running.get(e.id);
            const isLive = !!live || e.status === "active";
            return (
              <tr key={e.id} data-testid="run-episode" data-status={isLive ? "active" : e.status}>
                <td className="mono">{e.task}</td>
                <td style={{ maxWidth: 520 }}>
                  {e.query}
                  {e.error && (
                    <div className={e.status === "error" ? "bad" : "warn"} style={{ fontSize: 12 }}>
                      {e.error}
                    </div>
                  )}
                </td>
                <td>
                  <span className="tag">{isLive ? "running" : e.status}</span>
                </td>
                <td className="num">{live ? live.turn : e.turns}</td>
                <td className={`num ${e.success ? "ok" : ""}`}>{formatReward(e.reward)}</td>
                <td>
                  {isLive ? (
                    <Link href={`/play/${e.taskId}?episode=${e.id}`} prefetch={false} data-testid="watch-live">
                      watch live
                    </Link>
                  ) : e.status !== "error" || e.turns > 0 ? (
                    <Link href={`/episodes/${e.id}`}>replay</Link>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </main>
  );
}
