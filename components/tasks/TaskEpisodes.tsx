"use client";
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { TaskEpisode } from "@/lib/episodes/listEpisodesOfTask";
import { formatCount } from "@/lib/stats/formatNumber";
import { RewardCell, StatusCell } from "@/components/episodes/EpisodeCells";

/** Every episode of one task; pick two to replay them side by side. */
export function TaskEpisodes({ episodes }: { episodes: TaskEpisode[] }) {
  const router = useRouter();
  const [picked, setPicked] = useState<string[]>([]);
  // Keeps the last two picked: a third pick replaces the older one.
  const toggle = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id].slice(-2)));
  return (
    <>
      <div className="toolbar">
        <button
          type="button"
          className="primary"
          disabled={picked.length !== 2}
          onClick={() => router.push(`/episodes/compare?${new URLSearchParams({ a: picked[0], b: picked[1] })}`)}
        >
          Side by side
        </button>
        <span className="muted" data-testid="pick-hint">
          {picked.length === 2
            ? "two episodes picked"
            : `pick ${formatCount(2 - picked.length, "more episode", "more episodes")} to replay them side by side`}
        </span>
      </div>
      <table data-testid="task-episodes">
        <thead>
          <tr>
            <th aria-label="Pick" />
            <th>Player</th>
            <th>Run</th>
            <th>Status</th>
            <th className="num">Turns</th>
            <th className="num">Reward</th>
            <th>Started</th>
          </tr>
        </thead>
        <tbody>
          {episodes.map((e) => {
            const who =
              e.playerKind === "agent" ? [e.model, e.strategy].filter(Boolean).join(" · ") || "agent" : (e.playerName ?? "human");
            return (
              <tr key={e.id} data-testid="task-episode">
                <td>
                  <input
                    type="checkbox"
                    aria-label={`pick ${who} ${e.id}`}
                    checked={picked.includes(e.id)}
                    onChange={() => toggle(e.id)}
                  />
                </td>
                <td>
                  <Link href={`/episodes/${e.id}`}>{who}</Link> <span className="muted">{e.playerKind}</span>
                </td>
                <td className="muted">{e.runName ?? "—"}</td>
                <StatusCell id={e.id} status={e.status} />
                <td className="num">{e.turns}</td>
                <RewardCell reward={e.reward} success={e.success} />
                <td className="muted" style={{ whiteSpace: "nowrap" }}>
                  {e.startedAt.slice(0, 16).replace("T", " ")}
                  {e.source === "import" && " (import)"}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
