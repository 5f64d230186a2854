import { parseArgs } from "node:util";
import type { Db } from "../../lib/db";
import { computeStats, StatsQuery } from "../../lib/stats";
import { statsTable } from "./statsTable";
import { UsageError, type Io } from "./io";

export const STATS_HELP = `plateau stats [--run NAME]… [--env E] [--group KEY[,KEY]] [--split KEY] [--mode intercode|plateau]
              [--model M] [--strategy S] [--player agent|human] [--dataset D] [--hardness H] [--k K] [--json]

  Success rate, turns, Error %, SR@k with 95 % intervals, error rate by turn and solved-task overlap,
  per Run (or --group model, strategy, player, environment, dataset, hardness, fs, source).
  --json prints exactly the JSON of GET /api/stats.`;

export function parseStatsArgs(args: string[]): { query: StatsQuery; json: boolean } {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      run: { type: "string", multiple: true },
      env: { type: "string" },
      group: { type: "string" },
      split: { type: "string" },
      mode: { type: "string" },
      model: { type: "string" },
      strategy: { type: "string" },
      player: { type: "string" },
      dataset: { type: "string" },
      hardness: { type: "string" },
      k: { type: "string" },
      overlap: { type: "string" },
      json: { type: "boolean" },
    },
  });
  if (positionals.length) throw new UsageError(`unexpected ${JSON.stringify(positionals[0])} (name runs with --run NAME)`);
  const { run, json, ...rest } = values;
  const raw = Object.fromEntries(Object.entries({ ...rest, runs: run }).filter(([, v]) => v !== undefined));
  const parsed = StatsQuery.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const flag = issue.path[0] === "runs" ? "--run" : `--${String(issue.path[0] ?? "")}`;
    throw new UsageError(`${flag}: ${issue.message}`);
  }
  return { query: parsed.data, json: Boolean(json) };
}

export async function statsCommand(prisma: Db, { query, json }: ReturnType<typeof parseStatsArgs>, io: Io): Promise<number> {
  const result = await computeStats(prisma, query);
  if (json) io.out(JSON.stringify(result, null, 2));
  else io.out(statsTable(result));
  return 0;
}
