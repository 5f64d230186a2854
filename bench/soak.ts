// Soak: agents × steps while sandboxes are killed at random; prints whether the stored steps equal
// the answered ones, per episode, and the time it took.   npx tsx bench/soak.ts [--agents 16] [--steps 100] [--kills 8] [--driver local|docker]
import { startTestPlateau } from "../lib/runtime/testing";
import { soakAgents } from "../lib/sessions/soakAgents";

const flag = (name: string, d: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : d);
const agents = Number(flag("--agents", "16"));
const steps = Number(flag("--steps", "100"));
const kills = Number(flag("--kills", "8"));
const driver = flag("--driver", "local") as "local" | "docker";

const p = await startTestPlateau(driver);
try {
  const task = await p.db.prisma.task.findUniqueOrThrow({ where: { dataset_index: { dataset: "nl2bash_fs_1", index: 0 } } });
  const t0 = performance.now();
  const report = await soakAgents(p.db.prisma, p.sessions, { agents, steps, kills, taskId: task.id });
  const seconds = (performance.now() - t0) / 1000;
  const bad = report.episodes.filter((e) => JSON.stringify(e.stored) !== JSON.stringify(e.answered));
  const answered = report.episodes.reduce((n, e) => n + e.answered.length, 0);
  console.log(
    `soak on ${driver}: ${agents} agents × ${steps} steps, ${report.killed} sandboxes killed, ${answered} steps answered in ${seconds.toFixed(1)} s (${(answered / seconds).toFixed(1)} steps/s)`,
  );
  console.log(`episodes whose stored steps differ from the answered ones: ${bad.length} of ${report.episodes.length}`);
  for (const e of bad) console.log(`  ${e.episodeId}: answered ${e.answered.length}, stored ${e.stored.length}`);
  process.exitCode = bad.length ? 1 : 0;
} finally {
  await p.close();
}
