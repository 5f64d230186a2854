import type { Db } from "../db";
import type { SessionManager } from "./SessionManager";

// Agents playing while sandboxes are killed at random, for the fault suite (a small soak) and
// bench/soak.ts (16 agents × 100 steps): every step an agent was answered must be in the database,
// and nothing else, episode by episode.

export interface SoakOptions {
  agents: number;
  steps: number;
  /** How many sandboxes to kill, at random moments, while the agents play. */
  kills: number;
  taskId: number;
  seed?: number;
}

export interface SoakReport {
  /** Per episode: the actions the agent was answered, and the actions stored. */
  episodes: Array<{ episodeId: string; answered: string[]; stored: string[]; status: string }>;
  killed: number;
}

export async function soakAgents(prisma: Db, sessions: SessionManager, o: SoakOptions): Promise<SoakReport> {
  let seed = o.seed ?? 1;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const live = new Map<string, () => Promise<void>>();
  const answered = new Map<string, string[]>();
  let killed = 0;
  let playing = true;

  const killer = (async () => {
    while (playing && killed < o.kills) {
      await new Promise((r) => setTimeout(r, 200 + random() * 800));
      const ids = [...live.keys()];
      if (!ids.length) continue;
      const kill = live.get(ids[Math.floor(random() * ids.length)])!;
      killed++;
      await kill().catch(() => {});
    }
  })();

  await Promise.all(
    Array.from({ length: o.agents }, async (_, a) => {
      const { episodeId, session } = await sessions.start({ taskId: o.taskId, playerKind: "agent", turnLimit: o.steps + 1, commandTimeoutMs: 10_000 });
      answered.set(episodeId, []);
      live.set(episodeId, () => session.sandbox.destroy());
      await session.whenReady();
      for (let s = 0; s < o.steps; s++) {
        const r = await session.runAction(`echo agent ${a} step ${s}`, 10_000).catch(() => null);
        if (r?.step) answered.get(episodeId)!.push(r.step.action);
        if (!r || r.done) break;
      }
      live.delete(episodeId);
      if (!session.finalResult) await session.skip();
    }),
  );
  playing = false;
  await killer;
  const episodes = [];
  for (const [episodeId, actions] of answered) {
    const ep = await prisma.episode.findUniqueOrThrow({ where: { id: episodeId }, include: { steps: { orderBy: { index: "asc" } } } });
    episodes.push({ episodeId, answered: actions, stored: ep.steps.map((s) => s.action), status: ep.status });
  }
  return { episodes, killed };
}
