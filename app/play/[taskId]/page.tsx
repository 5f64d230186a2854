import { cookies } from "next/headers";
import { forbidden, notFound } from "next/navigation";
import { getLive, getPlateau } from "@/lib/runtime/context";
import { getPublicTask, nextTaskId } from "@/lib/tasks";
import { environments, type EnvironmentName } from "@/lib/environments";
import { canSeeEpisode, pageIdentity } from "@/lib/auth/access";
import { isStaff } from "@/lib/auth/roles";
import { openPlay, playerCookie, type PlayOpening } from "@/lib/sessions/openPlay";
import { PlayView } from "@/components/play/PlayView";
import { earlyPlayScript } from "@/components/play/earlyPlay";

export const dynamic = "force-dynamic";

/** /play/{taskId}: the task and a Start button (a POST); ?episode=: that episode live, its terminal in the first paint. */
export default async function PlayPage({
  params,
  searchParams,
}: {
  params: Promise<{ taskId: string }>;
  searchParams: Promise<{ episode?: string | string[]; error?: string | string[] }>;
}) {
  const who = await pageIdentity();
  const id = Number((await params).taskId);
  const p = getPlateau();
  const task = Number.isInteger(id) && id > 0 && id < 2 ** 31 ? await getPublicTask(p.prisma, id) : null;
  if (!task) notFound();
  const { episode, error } = await searchParams;
  let opening: PlayOpening | null = null;
  const row =
    typeof episode === "string" && episode.length <= 64
      ? await p.prisma.episode.findUnique({
          where: { id: episode },
          select: { userId: true, taskId: true, study: { select: { showReward: true } } },
        })
      : null;
  if (row && !canSeeEpisode(who, row)) forbidden();
  // A participant sees a task only in their own episode of it (their study starts those).
  if (!isStaff(who.role) && (!row || row.userId !== who.userId || row.taskId !== task.id)) forbidden();
  if (typeof episode === "string" && p.sandbox.driver) {
    opening = await openPlay(getLive().sessions, episode, (await cookies()).get(playerCookie(episode))?.value ?? null);
  } else if (typeof error === "string") {
    opening = { error };
  }
  // A participant's next task is their study's to choose.
  const next = isStaff(who.role) && !row?.study ? await nextTaskId(p.prisma, task) : null;
  return (
    <>
      {opening?.episodeId && (
        <script dangerouslySetInnerHTML={{ __html: earlyPlayScript(opening.episodeId, opening.playerToken) }} />
      )}
      {/* A new episode is a new Play view (Start navigates within the page: nothing of the last one stays). */}
      <PlayView
        key={opening?.episodeId ?? "task"}
        task={task}
        sandbox={p.sandbox}
        opening={opening}
        unplayable={task.playable.ok ? null : task.playable.reason}
        howToSubmit={environments[task.environment as EnvironmentName]?.howToSubmit ?? null}
        study={!!row?.study}
        startKey={crypto.randomUUID()}
        nextTaskId={next}
      />
    </>
  );
}
