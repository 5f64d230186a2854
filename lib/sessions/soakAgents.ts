import type { Db } from "../db";
import type { SessionManager } from "./SessionManager";

// Agents playing while sandboxes are killed at random, for the fault suite (a small soak) and
// bench/soak.ts (16 agents × 100 steps): every step an agent was answered must be in the database,
// and nothing else, episode by episode.

export interface SoakOptions {
  agents: number;
  steps: number;
  /** How many sandboxes to kill (at most one an agent), each at a random moment of a random step. */
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
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  // Whose sandbox is killed, during which step, and how far into it: drawn from the seed up front, so
  // every run kills `kills` sandboxes (a timer racing the agents killed fewer when they were quick).
  const doomed = new Map<number, { step: number; afterMs: number }>();
  while (doomed.size < Math.min(o.kills, o.agents)) {
    doomed.set(Math.floor(random() * o.agents), {
      step: 1 + Math.floor(random() * Math.max(1, o.steps - 2)),
      afterMs: Math.floor(random() * 30),
    });
  }
  const answered = new Map<string, string[]>();
  const kills: Promise<void>[] = [];

  await Promise.all(
    Array.from({ length: o.agents }, async (_, a) => {
      const { episodeId, session } = await sessions.start({
        taskId: o.taskId,
        playerKind: "agent",
        turnLimit: o.steps + 1,
        commandTimeoutMs: 10_000,
      });
      answered.set(episodeId, []);
      await session.whenReady();
      for (let s = 0; s < o.steps; s++) {
        const running = session.runAction(`echo agent ${a} step ${s}`, 10_000).catch(() => null);
        const kill = doomed.get(a);
        if (kill?.step === s)
          kills.push(new Promise((r) => setTimeout(r, kill.afterMs)).then(() => session.sandbox.destroy()).catch(() => {}));
        const r = await running;
        if (r?.step) answered.get(episodeId)!.push(r.step.action);
        if (!r || r.done) break;
      }
      if (!session.finalResult) await session.skip();
    }),
  );
  await Promise.all(kills);
  const episodes = [];
  for (const [episodeId, actions] of answered) {
    const ep = await prisma.episode.findUniqueOrThrow({
      where: { id: episodeId },
      include: { steps: { orderBy: { index: "asc" } } },
    });
    episodes.push({ episodeId, answered: actions, stored: ep.steps.map((s) => s.action), status: ep.status });
  }
  return { episodes, killed: kills.length };
}
