"use client";
import Link from "next/link";
import type { EpisodeRow } from "@/lib/episodes/listEpisodes";
import { RewardCell, StatusCell } from "./EpisodeCells";

// The rows go to the page as data, drawn here: as server-rendered elements they would travel twice
// (HTML, then the RSC payload that repeats every element of every row).

/** One page of episodes, each linking to its replay. */
export function EpisodeTable({ episodes }: { episodes: EpisodeRow[] }) {
  return (
    <table>
      <thead>
        <tr>
          <th>Task</th>
          <th>Player</th>
          <th>Run</th>
          <th>Status</th>
          <th className="num">Turns</th>
          <th className="num">Reward</th>
          <th className="num">Duration</th>
          <th>Started</th>
        </tr>
      </thead>
      <tbody>
        {episodes.map((e) => (
          <tr key={e.id} data-testid="episode-row">
            <td style={{ maxWidth: 480 }}>
              <Link href={`/episodes/${e.id}`}>{e.query}</Link>
              <div className="muted" style={{ fontSize: 12 }}>
                {e.environment} · {e.dataset} #{e.taskIndex}
              </div>
            </td>
            <td>
              {e.playerName ?? e.playerKind}
              {e.model && (
                <div className="muted" style={{ fontSize: 12 }}>
                  {e.model}
                  {e.strategy ? ` · ${e.strategy}` : ""}
                </div>
              )}
            </td>
            <td className="muted">{e.runName ?? "—"}</td>
            <StatusCell id={e.id} status={e.status} />
            <td className="num">{e.turns}</td>
            <RewardCell reward={e.reward} success={e.success} mode={e.rewardMode} />
            <td className="num muted">{e.durationMs === null ? "—" : formatDuration(e.durationMs)}</td>
            <td
              className="muted"
              style={{ whiteSpace: "nowrap" }}
              title={e.source === "import" ? "when the log was imported" : undefined}
            >
              {e.startedAt.toISOString().slice(0, 16).replace("T", " ")}
              {e.source === "import" && " (import)"}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
}
