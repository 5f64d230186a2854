import type { Db } from "../db";

/** A Run as the Runs page and the Compare picker show it. */
export interface RunSummary {
  id: string;
  name: string;
  kind: string;
  environment: string | null;
  model: string | null;
  strategy: string | null;
  turnLimit: number | null;
  status: string;
  episodes: number;
  files: number;
  createdAt: string;
}

export async function listRuns(prisma: Db, opts: { env?: string } = {}): Promise<RunSummary[]> {
  const runs = await prisma.run.findMany({
    where: opts.env ? { environment: opts.env } : undefined,
    orderBy: [{ createdAt: "desc" }, { name: "asc" }],
    select: {
      id: true, name: true, kind: true, environment: true, model: true, strategy: true, turnLimit: true, status: true,
      sourceHashes: true, createdAt: true, _count: { select: { episodes: true } },
    },
  });
  return runs.map(({ _count, sourceHashes, createdAt, ...r }) => ({ ...r, episodes: _count.episodes, files: sourceHashes.length, createdAt: createdAt.toISOString() }));
}
