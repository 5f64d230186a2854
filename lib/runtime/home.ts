import type { Db } from "../db";
import { countTasks } from "../tasks";
import { environments, ENVIRONMENTS } from "../environments";
import { EpisodeFilter, listEpisodes, type EpisodeRow } from "../episodes/listEpisodes";
import { computeStats, StatsQuery, type GroupStats } from "../stats";
import { studyMonitor } from "../studies/monitor";

/** Runs whose success rates the Home page heads with (the newest). */
const HEADLINE_RUNS = 6;

export interface HomeSummary {
  environments: {
    name: string;
    title: string;
    description: string;
    playable: boolean;
    reason?: string;
    tasks: number;
    datasets: { dataset: string; count: number }[];
  }[];
  /** The newest runs with their SR (InterCode's reward, the one every episode has). */
  headline: { run: string; environment: string | null; stats: GroupStats }[];
  recent: EpisodeRow[];
  /** The newest studies with their progress (episodes done / planned). */
  studies: { id: string; name: string; participants: number; done: number; planned: number }[];
}

export async function getHomeSummary(prisma: Db): Promise<HomeSummary> {
  // Four independent parts at once: the page waits for the slowest, not for their sum.
  const headlineRuns = prisma.run.findMany({
    orderBy: { createdAt: "desc" },
    take: HEADLINE_RUNS,
    select: { name: true, environment: true },
  });
  const [counts, recent, runs, stats, studies] = await Promise.all([
    countTasks(prisma),
    listEpisodes(prisma, EpisodeFilter.parse({ pageSize: 10 })),
    headlineRuns,
    headlineRuns.then((rs) =>
      rs.length
        ? computeStats(prisma, StatsQuery.parse({ runs: rs.map((r) => r.name), overlap: false, errorByTurn: false }))
        : null,
    ),
    prisma.study
      .findMany({ where: { status: "open" }, orderBy: { createdAt: "desc" }, take: 5, select: { id: true, name: true } })
      .then((newest) =>
        Promise.all(
          newest.map((s) =>
            studyMonitor(prisma, null, s.id).then(
              (m) => m && { id: s.id, name: s.name, participants: m.participants.length, done: m.done, planned: m.planned },
            ),
          ),
        ),
      ),
  ]);
  return {
    environments: ENVIRONMENTS.map((name) => {
      const env = environments[name];
      const datasets = counts.filter((c) => c.environment === name).map(({ dataset, count }) => ({ dataset, count }));
      return {
        name,
        title: env.title,
        description: env.description,
        playable: env.playable.ok,
        reason: env.playable.ok ? undefined : env.playable.reason,
        tasks: datasets.reduce((s, d) => s + d.count, 0),
        datasets,
      };
    }),
    headline: runs.flatMap((r) => {
      const g = stats?.groups.find((x) => x.key === r.name);
      return g ? [{ run: r.name, environment: r.environment, stats: g }] : [];
    }),
    recent: recent.episodes,
    studies: studies.filter((s) => s !== null),
  };
}
