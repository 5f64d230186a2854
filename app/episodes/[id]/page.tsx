import { forbidden, notFound } from "next/navigation";
import { canSeeEpisode, canSeeGold, pageIdentity } from "@/lib/auth/access";
import { episodeOwner } from "@/lib/episodes/episodeOwner";
import { getPlateau } from "@/lib/runtime/context";
import { getEpisodeForReplay, replayAsSeenBy } from "@/lib/episodes/getEpisodeForReplay";
import { listEpisodesOfTask } from "@/lib/episodes/listEpisodesOfTask";
import { ReplayView } from "@/components/replay/ReplayView";
import { parseTurn } from "@/lib/replay/parseTurn";
import { recordingUrl } from "@/lib/replay/wireFormat";

export const dynamic = "force-dynamic";

export default async function EpisodeReplayPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const who = await pageIdentity();
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const { prisma } = getPlateau();
  // Both at once (one round trip less); nothing of the episode is shown before the check below.
  const [owner, full] = await Promise.all([episodeOwner(prisma, id), getEpisodeForReplay(prisma, id)]);
  if (!owner || !full) notFound();
  if (!canSeeEpisode(who, owner)) forbidden();
  // A participant sees their own episode: no gold, no breakdowns, no one else's episodes of the task.
  const staff = canSeeGold(who);
  const episode = replayAsSeenBy(who, full, owner.study);
  const others = staff ? await listEpisodesOfTask(prisma, episode.task.id, 100) : [];
  return (
    <>
      {/* The page's loads start with the HTML, not after the scripts (useReplaySession takes them over). */}
      <link rel="preload" href={recordingUrl(episode.id, episode.status === "active")} as="fetch" crossOrigin="anonymous" />
      <link rel="preload" href={`/api/episodes/${episode.id}/steps?output=0`} as="fetch" crossOrigin="anonymous" />
      <ReplayView key={episode.id} episode={episode} initialTurn={parseTurn(query.step)} others={others} showGold={staff} />
    </>
  );
}
