// Runs every InterCode Bash gold command in its image, as the player and as root (InterCode ran
// them as root), each from a freshly reset file system, and lists those that fail or that exit
// differently for the player.   npx tsx docker/check-gold.ts [--verbose]
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createDockerDriver } from "../lib/sandbox/docker";

const DIR = process.env.INTERCODE_TASKS ?? fileURLToPath(new URL("../data/intercode/tasks/nl2bash", import.meta.url));
const SETS: Array<[string, string]> = [
  ["nl2bash_fs_1.json", "plateau/bash-fs1"],
  ["nl2bash_fs_2.json", "plateau/bash-fs2"],
  ["nl2bash_fs_3.json", "plateau/bash-fs3"],
  ["nl2bash_fs_4.json", "plateau/bash-fs4"],
  ["test_queries.json", "plateau/bash-fs1"],
];
const verbose = process.argv.includes("--verbose");

const driver = createDockerDriver();
const st = await driver.status();
if (!st.ok) throw new Error(st.reason);

let total = 0;
let playerFails = 0;
let differ = 0;
for (const [file, image] of SETS) {
  const tasks = JSON.parse(readFileSync(`${DIR}/${file}`, "utf8")) as { query: string; gold: string }[];
  const sb = await driver.create({ image });
  try {
    for (const [i, t] of tasks.entries()) {
      total++;
      const res: Record<string, Awaited<ReturnType<typeof sb.exec>>> = {};
      for (const user of ["player", "root"]) {
        await sb.reset();
        res[user] = await sb.exec(["bash", "-c", t.gold], { user, workdir: "/", timeoutMs: 10_000 });
      }
      const p = res.player;
      const r = res.root;
      const same = p.exitCode === r.exitCode;
      if (!same) differ++;
      if (p.exitCode !== 0) playerFails++;
      if (verbose || p.exitCode !== 0 || !same) {
        const err = (p.stderr || p.stdout).trim().split("\n")[0]?.slice(0, 110) ?? "";
        console.log(
          `${file.replace(".json", "")}#${i} player=${p.timedOut ? "timeout" : p.exitCode} root=${r.timedOut ? "timeout" : r.exitCode}${same ? "" : "  DIFFERS"}`,
        );
        console.log(`    ${t.gold.replace(/\n/g, "\\n").slice(0, 140)}`);
        if (err) console.log(`    -> ${err}`);
      }
    }
  } finally {
    await sb.destroy();
  }
}
console.log(
  `${total} gold commands: ${playerFails} exit non-zero as the player, ${differ} exit differently as the player than as root`,
);
