import { forbidden, notFound } from "next/navigation";
import { canSeeEpisode, canSeeGold, pageIdentity } from "@/lib/auth/access";
import { episodeOwner } from "@/lib/episodes/episodeOwner";
import { getPlateau } from "@/lib/runtime/context";
import { getEpisodeForReplay, replayAsSeenBy } from "@/lib/episodes/getEpisodeForReplay";
import { listEpisodesOfTask } from "@/lib/episodes/listEpisodesOfTask";
import { ReplayView } from "@/components/replay/ReplayView";
import { parseTurn } from "@/lib/replay/parseTurn";
import { recordingUrl } from "@/lib/replay/wireFormat";
import { listReplaySteps } from "@/lib/episodes/listReplaySteps";
import { replayScreen } from "@/lib/replay/server/replayScreen";
import { earlyReplayScript } from "@/components/replay/earlyReplay";

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
  // All at once (round trips less); nothing of the episode is shown before the check below.
  const [owner, full, steps] = await Promise.all([
    episodeOwner(prisma, id),
    getEpisodeForReplay(prisma, id),
    listReplaySteps(prisma, id, { observations: false }),
  ]);
  if (!owner || !full) notFound();
  if (!canSeeEpisode(who, owner)) forbidden();
  // A participant sees their own episode: no gold, no breakdowns, no one else's episodes of the task.
  const staff = canSeeGold(who);
  const episode = replayAsSeenBy(who, full, owner.study);
  const live = episode.status === "active";
  const turn = parseTurn(query.step);
  // The steps and the screen it opens on are in the first paint; a live episode's screen is its player's.
  const [others, screen] = await Promise.all([
    staff ? listEpisodesOfTask(prisma, episode.task.id, 100) : [],
    live ? null : replayScreen(prisma, id, steps, turn),
  ]);
  return (
    <>
      {/* The page's loads start with the HTML, not after the scripts (useReplaySession takes them over). */}
      <link rel="preload" href={recordingUrl(episode.id, live)} as="fetch" crossOrigin="anonymous" />
      <ReplayView
        key={episode.id}
        episode={episode}
        initialTurn={turn}
        others={others}
        showGold={staff}
        initialSteps={steps}
        screen={screen}
      />
      {screen && <script dangerouslySetInnerHTML={{ __html: earlyReplayScript(screen.cols, screen.lines) }} />}
    </>
  );
}
