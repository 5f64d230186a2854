// bench/ctfSolutions — is each CTF task solvable as shipped? Runs every task's solution/solution.py
// (15 of the 100 have one) in a fresh plateau/ctf sandbox of its own (never a player's; the script
// comes in on stdin and never reaches the sandbox's disk), from /ctf/{id} as the player, and reports
// how many print their flag, how many only what goes inside picoCTF{…}, and why the others do not.
// Usage: tsx bench/ctfSolutions.ts   (PLATEAU_SANDBOX=local: the bubblewrap driver; default docker)
import path from "node:path";
import { createDockerDriver } from "../lib/sandbox/docker";
import { createLocalDriver } from "../lib/sandbox/local";
import { loadCtfTasks } from "../lib/environments/ctf/tasks";
import { ctfPlayability } from "../lib/environments/ctf/playability";
import { runSolution, solutionScript, type SolutionRun } from "../lib/environments/ctf/solutionCheck";

const dataDir = path.join(process.cwd(), "data/intercode");
const driver = process.env.PLATEAU_SANDBOX === "local" ? createLocalDriver() : createDockerDriver();
const t0 = Date.now();
const rows: Array<SolutionRun & { playable: string }> = [];
for (const t of loadCtfTasks(dataDir)) {
  const taskId = t.extra.taskId as number;
  const script = solutionScript(dataDir, taskId);
  if (!script) continue;
  const r = await runSolution((image) => driver.create({ image, labels: { "dev.plateau.bench": "ctf-solutions" } }), {
    taskId,
    gold: t.gold,
    script,
  });
  const playable = ctfPlayability({ taskId, query: t.query });
  rows.push({ ...r, playable: playable.ok ? "playable" : playable.reason });
  const shown = { flag: "flag", content: "the flag's content only", none: "NO FLAG" }[r.found];
  console.log(
    `task ${String(taskId).padStart(2)}: ${shown}${r.timedOut ? " (timed out)" : ""}${r.found === "none" ? ` — exit ${r.exitCode}: ${r.tail.replace(/\n/g, " | ").slice(0, 160)}` : ""}${playable.ok ? "" : ` [unplayable: ${playable.reason}]`}`,
  );
}
const count = (f: string) => rows.filter((r) => r.found === f).length;
console.log(
  `ctf solutions: ${count("flag")} of ${rows.length} scripted solutions print their flag in the sandbox, ${count("content")} more only what goes inside picoCTF{…}, ${count("none")} neither (${driver.name} driver, ${((Date.now() - t0) / 1000).toFixed(1)} s)`,
);
