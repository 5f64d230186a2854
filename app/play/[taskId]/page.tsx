import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getPlateau, getService } from "@/lib/runtime/context";
import { getPublicTask } from "@/lib/tasks";
import type { SessionManager } from "@/lib/sessions/SessionManager";
import { openPlay } from "@/lib/sessions/openPlay";
import { PlayView } from "@/components/play/PlayView";
import { earlyPlayScript } from "@/components/play/earlyPlay";

export const dynamic = "force-dynamic";

/** /play/{taskId}: a new episode of the task (or ?episode=, the one being played), its terminal in the first paint. */
export default async function PlayPage({ params, searchParams }: { params: Promise<{ taskId: string }>; searchParams: Promise<{ episode?: string | string[] }> }) {
  const id = Number((await params).taskId);
  const p = getPlateau();
  const task = Number.isInteger(id) && id > 0 && id < 2 ** 31 ? await getPublicTask(p.prisma, id) : null;
  if (!task) notFound();
  const episode = (await searchParams).episode;
  // A router prefetch must not take a sandbox: only opening the page starts an episode.
  const prefetch = (await headers()).has("next-router-prefetch");
  const opening = p.sandbox.driver && !prefetch ? await openPlay(getService<SessionManager>("sessions"), { taskId: task.id }, typeof episode === "string" ? episode : null) : null;
  return (
    <>
      {opening?.episodeId && <script dangerouslySetInnerHTML={{ __html: earlyPlayScript(opening.episodeId, opening.playerToken) }} />}
      <PlayView task={task} sandbox={p.sandbox} opening={opening} />
    </>
  );
}
