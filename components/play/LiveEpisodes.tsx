import type { TaskEpisode } from "@/lib/episodes/listEpisodesOfTask";
import { formatCount } from "@/lib/stats/formatNumber";

/** "Your live episodes": the episodes this person left while they still run, each with Resume. */
export function LiveEpisodes({ episodes, withQuery = true }: { episodes: TaskEpisode[]; withQuery?: boolean }) {
  if (episodes.length === 0) return null;
  return (
    <section className="panel" data-testid="live-episodes" style={{ margin: "12px 0", borderColor: "var(--accent)" }}>
      <strong>Your live episodes</strong>
      <span className="muted" style={{ fontSize: 12 }}>
        {" "}
        — still open in their sandboxes until they are submitted, skipped or idle too long
      </span>
      <table style={{ marginTop: 6 }}>
        <tbody>
          {episodes.map((e) => (
            <tr key={e.id}>
              {withQuery && <td>{e.query.slice(0, 110)}</td>}
              <td className="muted" style={{ whiteSpace: "nowrap" }}>
                {formatCount(e.turns, "turn")} · started {e.startedAt.slice(11, 16)} UTC
              </td>
              {/* A full page load, not a client-side one: Back from the live episode then goes through its leave warning (beforeunload). */}
              <td className="num">
                <a href={`/play/${e.taskId}?episode=${e.id}`} className="button primary" data-testid="resume-episode">
                  Resume
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
