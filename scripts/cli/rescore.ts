import { parseArgs } from "node:util";
import type { Db } from "../../lib/db";
import { liveEnvironments } from "../../lib/environments";
import {
  isRescoreError,
  openRescoreEngine,
  rescorableRun,
  rescoreRun,
  rescoreRunName,
  type RescoreReport,
} from "../../lib/agents/rescore";
import { progressBar } from "./progressBar";
import { UsageError, type Io } from "./io";

export const RESCORE_HELP = `plateau rescore --run NAME [--concurrency N] [--json]

  Replays every episode of an imported run action by action in fresh sandboxes (intercode
  execution), stores the rewards in both modes as score version "rescored" beside the logged one,
  and reports the share of logged observations and rewards the engine reproduces, with every
  disagreement by cause. The replays are a run of their own ("NAME · rescored"). Interrupted
  (Ctrl-C), it goes on where it stopped when run again. --concurrency: replays at once (default 2).`;

export function parseRescoreArgs(args: string[]): { run: string; concurrency: number; json: boolean } {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { run: { type: "string" }, concurrency: { type: "string" }, json: { type: "boolean" } },
  });
  if (positionals.length) throw new UsageError(`unexpected ${JSON.stringify(positionals[0])} (name the run with --run NAME)`);
  if (!values.run?.trim()) throw new UsageError("name the imported run to re-score with --run NAME");
  const concurrency = Number(values.concurrency ?? 2);
  if (!(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 32))
    throw new UsageError(`--concurrency must be a whole number from 1 to 32, not ${JSON.stringify(values.concurrency)}`);
  return { run: values.run, concurrency, json: Boolean(values.json) };
}

export async function rescoreCommand(prisma: Db, a: ReturnType<typeof parseRescoreArgs>, io: Io): Promise<number> {
  const playable = Object.keys(liveEnvironments());
  // Refused before a sandbox starts.
  await rescorableRun(prisma, a.run, playable).catch((err) => {
    throw isRescoreError(err) ? new UsageError(err.message) : err;
  });
  const live = await openRescoreEngine(prisma, { concurrency: a.concurrency });
  const stop = new AbortController();
  const onInt = () => {
    io.err("\nplateau: stopping after the replays under way (run rescore again to go on)");
    stop.abort();
  };
  process.once("SIGINT", onInt);
  const bar = progressBar(io.stderr);
  const t0 = Date.now();
  let failed = 0;
  try {
    const report = await rescoreRun(prisma, live.engine, {
      run: a.run,
      concurrency: a.concurrency,
      playable,
      signal: stop.signal,
      onProgress: (p) => {
        if (p.error) {
          failed += 1;
          io.err(`\nplateau: episode ${p.episodeId} was not re-scored: ${p.error}`);
        }
        bar.update(p.done, p.total);
      },
    });
    bar.done(
      `plateau: ${((Date.now() - t0) / 60_000).toFixed(1)} min on the ${live.driver} driver, ${a.concurrency} at a time; replays in run ${JSON.stringify(rescoreRunName(a.run))}`,
    );
    io.out(a.json ? JSON.stringify(report, null, 2) : reportText(a.run, report));
    return failed || stop.signal.aborted ? 1 : 0;
  } finally {
    process.off("SIGINT", onInt);
    await live.close();
  }
}

const pct = (share: number | null) => (share === null ? "—" : `${(share * 100).toFixed(1)} %`);
const clip = (s: string, n = 100) => JSON.stringify(s.length > n ? `${s.slice(0, n)}…` : s);

export function reportText(run: string, r: RescoreReport): string {
  const lines = [
    `rescore of ${JSON.stringify(run)}: ${r.rescored} of ${r.episodes} episodes re-scored`,
    `observations: ${r.steps.equal} / ${r.steps.compared} steps reproduce (${pct(r.steps.share)}); not compared: ${r.steps.submits} submits, ${r.steps.refused} actions the harness refused`,
    `rewards (intercode): ${r.rewards.equal} / ${r.rewards.compared} episodes reproduce the logged reward (${pct(r.rewards.share)})`,
  ];
  for (const n of r.notRescored) lines.push(`not re-scored: ${n.count} — ${n.reason}`);
  if (r.observations.length) lines.push("", "observations that differ, by cause:");
  for (const g of r.observations) {
    lines.push(`  ${g.count}  ${g.text}`);
    for (const d of g.items)
      lines.push(`      ${d.task} step ${d.index} ${clip(d.action, 60)}: logged ${clip(d.logged)} now ${clip(d.now)}`);
  }
  if (r.rewardDisagreements.length) lines.push("", "rewards that differ, by cause:");
  for (const g of r.rewardDisagreements) {
    lines.push(`  ${g.count}  ${g.text}`);
    for (const d of g.items)
      lines.push(
        `      ${d.task}: logged ${d.logged} now ${d.now}${d.step === null ? "" : ` (first differing step: ${d.step})`}`,
      );
  }
  return lines.join("\n");
}
