import { Suspense } from "react";
import Link from "next/link";
import type { PublicTask } from "@/lib/tasks";
import type { TaskEpisode } from "@/lib/episodes/listEpisodesOfTask";
import { GoldReveal } from "./GoldReveal";
import { StartPlayButton } from "@/components/play/StartPlayButton";
import { LiveEpisodes } from "@/components/play/LiveEpisodes";
import { TaskEpisodes } from "./TaskEpisodes";

interface Props {
  task: PublicTask;
  /** Streamed, like `live`: the task paints at once, its episodes follow. */
  episodes: Promise<TaskEpisode[]>;
  /** The signed-in person's live episodes of this task. */
  live: Promise<TaskEpisode[]>;
}

export function TaskView({ task, episodes, live }: Props) {
  const { playable } = task;
  return (
    <main>
      <div className="muted" style={{ fontSize: 13 }}>
        <span className="tag">{task.environment}</span>{" "}
        <Link href={`/tasks?env=${task.environment}&dataset=${task.dataset}`}>{task.dataset}</Link> #{task.index}
        {task.hardness && <> · hardness {task.hardness}</>}
        {task.fileSystem !== null && <> · file system {task.fileSystem}</>}
        {task.db && <> · database {task.db}</>}
      </div>
      <h1 data-testid="task-query" style={{ marginTop: 6 }}>
        {task.query}
      </h1>
      <div className="toolbar">
        {playable.ok ? (
          <StartPlayButton taskId={task.id} once={crypto.randomUUID()} label="Play this task" primary testId="play-task" />
        ) : (
          <span className="muted" data-testid="unplayable">
            Cannot be played live: {playable.reason}
          </span>
        )}
        <span className="muted">Gold:</span> <GoldReveal taskId={task.id} />
      </div>
      <Suspense fallback={<p className="muted">Loading episodes…</p>}>
        <TaskEpisodeSections episodes={episodes} live={live} />
      </Suspense>
    </main>
  );
}

async function TaskEpisodeSections({ episodes: pendingEpisodes, live: pendingLive }: Pick<Props, "episodes" | "live">) {
  const [episodes, live] = await Promise.all([pendingEpisodes, pendingLive]);
  return (
    <>
      <LiveEpisodes episodes={live} withQuery={false} />
      <h2>Episodes of this task</h2>
      {episodes.length === 0 ? (
        <p className="muted" data-testid="no-episodes">
          Nobody has played this task yet.
        </p>
      ) : (
        <TaskEpisodes episodes={episodes} />
      )}
    </>
  );
}
