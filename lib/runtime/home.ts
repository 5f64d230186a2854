import type { Db } from "../db";
import { countTasks } from "../tasks";
import { environments, ENVIRONMENTS } from "../environments";

export interface HomeSummary {
  environments: { name: string; title: string; description: string; playable: boolean; reason?: string; tasks: number; datasets: { dataset: string; count: number }[] }[];
  recent: { id: string; environment: string; query: string; playerKind: string; playerName: string | null; status: string; turns: number; reward: number | null; startedAt: Date }[];
  episodes: number;
}

export async function getHomeSummary(prisma: Db): Promise<HomeSummary> {
  const [counts, recent, episodes] = await Promise.all([
    countTasks(prisma),
    prisma.episode.findMany({
      orderBy: { startedAt: "desc" },
      take: 10,
      select: {
        id: true, playerKind: true, playerName: true, status: true, turns: true, startedAt: true,
        task: { select: { environment: true, query: true } },
        scores: { where: { mode: "plateau" }, select: { reward: true } },
      },
    }),
    prisma.episode.count(),
  ]);
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
    recent: recent.map((e) => ({
      id: e.id, environment: e.task.environment, query: e.task.query, playerKind: e.playerKind, playerName: e.playerName,
      status: e.status, turns: e.turns, reward: e.scores[0]?.reward ?? null, startedAt: e.startedAt,
    })),
    episodes,
  };
}
