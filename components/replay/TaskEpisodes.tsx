"use client";
import { useState } from "react";
import Link from "next/link";
import type { TaskEpisode } from "@/lib/episodes/listEpisodesOfTask";
import { formatReward, formatCount } from "@/lib/stats/formatNumber";

/** Every episode of a task (for the task page): open one, or tick two to see them side by side. */
export function TaskEpisodes({ episodes }: { episodes: TaskEpisode[] }) {
  const [picked, setPicked] = useState<string[]>([]);
  const toggle = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p.slice(-1), id]));
  if (episodes.length === 0)
    return (
      <p className="muted" data-testid="task-episodes">
        No episode of this task yet.
      </p>
    );
  return (
    <div data-testid="task-episodes">
      <div className="toolbar">
        <span className="muted">{formatCount(episodes.length, "episode")}</span>
        {picked.length === 2 ? (
          <Link href={`/episodes/compare?a=${picked[0]}&b=${picked[1]}`} data-testid="compare-link">
            Side by side →
          </Link>
        ) : (
          <span className="muted">Tick two to see them side by side</span>
        )}
      </div>
      <table>
        <thead>
          <tr>
            <th></th>
            <th>Player</th>
            <th>Source</th>
            <th>Status</th>
            <th className="num">Turns</th>
            <th className="num">Reward</th>
            <th>Started</th>
          </tr>
        </thead>
        <tbody>
          {episodes.map((e) => (
            <tr key={e.id} data-testid="task-episode">
              <td>
                <input
                  type="checkbox"
                  aria-label={`pick episode ${e.id}`}
                  checked={picked.includes(e.id)}
                  onChange={() => toggle(e.id)}
                />
              </td>
              <td>
                <Link href={`/episodes/${e.id}`}>
                  {e.playerKind === "agent"
                    ? [e.model, e.strategy].filter(Boolean).join(" · ") || e.runName || "agent"
                    : (e.playerName ?? "human")}
                </Link>
              </td>
              <td className="muted">{e.source === "import" ? `import${e.runName ? ` · ${e.runName}` : ""}` : "live"}</td>
              <td>{e.status}</td>
              <td className="num">{e.turns}</td>
              <td className={`num ${e.success ? "ok" : ""}`}>{formatReward(e.reward)}</td>
              <td className="muted">{new Date(e.startedAt).toISOString().slice(0, 16).replace("T", " ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
