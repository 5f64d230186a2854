import { notFound } from "next/navigation";
import { getPlateau } from "@/lib/runtime/context";
import { getEpisodeForReplay } from "@/lib/episodes/getEpisodeForReplay";
import { listEpisodesOfTask } from "@/lib/episodes/listEpisodesOfTask";
import { ReplayView } from "@/components/replay/ReplayView";
import { parseTurn } from "@/lib/replay/parseTurn";

export const dynamic = "force-dynamic";

export default async function EpisodeReplayPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const { prisma } = getPlateau();
  const episode = await getEpisodeForReplay(prisma, id);
  if (!episode) notFound();
  const others = await listEpisodesOfTask(prisma, episode.task.id, 100);
  return (
    <>
      {/* The page's loads start with the HTML, not after the scripts (useReplaySession takes them over). */}
      <link rel="preload" href={`/api/episodes/${episode.id}/events`} as="fetch" crossOrigin="anonymous" />
      <link rel="preload" href={`/api/episodes/${episode.id}/steps?output=0`} as="fetch" crossOrigin="anonymous" />
      <ReplayView key={episode.id} episode={episode} initialTurn={parseTurn(query.step)} others={others} />
    </>
  );
}
