import { pageStaff } from "@/lib/auth/access";
import { getPlateau } from "@/lib/runtime/context";
import { EpisodeFilter, listEpisodes } from "@/lib/episodes/listEpisodes";
import { EpisodeList } from "@/components/episodes/EpisodeList";

export const dynamic = "force-dynamic";

export default async function EpisodesPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  await pageStaff();
  const parsed = EpisodeFilter.safeParse(await searchParams);
  const filter = parsed.success ? parsed.data : EpisodeFilter.parse({});
  return (
    <EpisodeList
      filter={filter}
      result={listEpisodes(getPlateau().prisma, filter)}
      invalid={parsed.success ? undefined : parsed.error.issues[0]?.message}
    />
  );
}
