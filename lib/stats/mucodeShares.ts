import { Prisma, type Db } from "../db/client";

// µCode's two numbers per run: the share of episodes whose code passed the public tests, and the
// share that then passed the private ones too (success). The gap is what public tests let through.

export interface MuCodeShare {
  run: string;
  n: number;
  publicPassed: number;
  privatePassed: number;
}

export async function mucodeShares(prisma: Db, runs: readonly string[]): Promise<MuCodeShare[]> {
  if (!runs.length) return [];
  const rows = await prisma.$queryRaw<{ run: string; n: number; pub: number; priv: number }[]>(Prisma.sql`
    SELECT r.name AS run, count(*)::int AS n,
      (count(*) FILTER (WHERE (s.breakdown->>'passedPublic')::boolean))::int AS pub,
      (count(*) FILTER (WHERE s.success))::int AS priv
    FROM "Score" s JOIN "Episode" e ON e.id = s."episodeId" JOIN "Run" r ON r.id = e."runId"
    WHERE s.mode = 'mucode' AND r.name IN (${Prisma.join([...runs])})
    GROUP BY r.name ORDER BY r.name`);
  return rows.map((r) => ({ run: r.run, n: r.n, publicPassed: r.pub, privatePassed: r.priv }));
}
