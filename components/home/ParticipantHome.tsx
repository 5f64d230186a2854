import Link from "next/link";
import type { TaskEpisode } from "@/lib/episodes/listEpisodesOfTask";
import { formatReward } from "@/lib/stats/formatNumber";

/** A participant's Home: who they are signed in as, and their own episodes (a study's tasks come with studies). */
export function ParticipantHome({ name, episodes }: { name: string; episodes: TaskEpisode[] }) {
  return (
    <main>
      <h1>Welcome, {name}</h1>
      <p className="muted">Your episodes are below; the researcher who invited you gives you the tasks to play.</p>
      <h2>Your episodes</h2>
      {episodes.length === 0 ? (
        <p className="muted" data-testid="no-episodes">
          None yet.
        </p>
      ) : (
        <table data-testid="my-episodes">
          <thead>
            <tr>
              <th>Task</th>
              <th>Status</th>
              <th>Turns</th>
              <th>Reward</th>
              <th>Started</th>
            </tr>
          </thead>
          <tbody>
            {episodes.map((e) => (
              <tr key={e.id}>
                <td>
                  <Link href={e.status === "active" ? `/play/${e.taskId}?episode=${e.id}` : `/episodes/${e.id}`}>
                    {e.query.slice(0, 100)}
                  </Link>
                </td>
                <td>{e.status}</td>
                <td>{e.turns}</td>
                <td>{formatReward(e.reward)}</td>
                <td className="muted">{e.startedAt.slice(0, 16).replace("T", " ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
