import type { Db } from "../db";
import { countTasks } from "../tasks";
import { environments, ENVIRONMENTS } from "../environments";
import { EpisodeFilter, listEpisodes, type EpisodeRow } from "../episodes/listEpisodes";
import { computeStats, StatsQuery, type GroupStats } from "../stats";

/** Runs whose success rates the Home page heads with (the newest). */
const HEADLINE_RUNS = 6;

export interface HomeSummary {
  environments: { name: string; title: string; description: string; playable: boolean; reason?: string; tasks: number; datasets: { dataset: string; count: number }[] }[];
  /** The newest runs with their SR (InterCode's reward, the one every episode has). */
  headline: { run: string; environment: string | null; stats: GroupStats }[];
  recent: EpisodeRow[];
}

export async function getHomeSummary(prisma: Db): Promise<HomeSummary> {
  const [counts, recent, runs] = await Promise.all([
    countTasks(prisma),
    listEpisodes(prisma, EpisodeFilter.parse({ pageSize: 10 })),
    prisma.run.findMany({ orderBy: { createdAt: "desc" }, take: HEADLINE_RUNS, select: { name: true, environment: true } }),
  ]);
  const stats = runs.length
    ? await computeStats(prisma, StatsQuery.parse({ runs: runs.map((r) => r.name), overlap: false, errorByTurn: false }))
    : null;
  return {
    environments: ENVIRONMENTS.map((name) => {
      const env = environments[name];
      const datasets = counts.filter((c) => c.environment === name).map(({ dataset, count }) => ({ dataset, count }));
      return {
        name, title: env.title, description: env.description,
        playable: env.playable.ok, reason: env.playable.ok ? undefined : env.playable.reason,
        tasks: datasets.reduce((s, d) => s + d.count, 0), datasets,
      };
    }),
    headline: runs.flatMap((r) => {
      const g = stats?.groups.find((x) => x.key === r.name);
      return g ? [{ run: r.name, environment: r.environment, stats: g }] : [];
    }),
    recent: recent.episodes,
  };
}
