import { z } from "zod";
import type { Db } from "../db";
import { EXECUTIONS, type Execution } from "../sessions/ActionExecutor";

/** A Run as the Runs page and the Compare picker show it. */
export interface RunSummary {
  id: string;
  name: string;
  kind: string;
  environment: string | null;
  model: string | null;
  strategy: string | null;
  turnLimit: number | null;
  /** How its actions ran: imported InterCode logs ran the InterCode way; agent runs say in their config. */
  execution: Execution;
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
      id: true,
      name: true,
      kind: true,
      environment: true,
      model: true,
      strategy: true,
      turnLimit: true,
      status: true,
      config: true,
      sourceHashes: true,
      createdAt: true,
      _count: { select: { episodes: true } },
    },
  });
  return runs.map(({ _count, sourceHashes, createdAt, config, ...r }) => ({
    ...r,
    execution: r.kind === "import" ? "intercode" : ConfigExecution.parse(config).execution,
    episodes: _count.episodes,
    files: sourceHashes.length,
    createdAt: createdAt.toISOString(),
  }));
}

const ConfigExecution = z.object({ execution: z.enum(EXECUTIONS).default("terminal") }).catch({ execution: "terminal" });
