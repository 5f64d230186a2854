// One episode's flood or fork bomb must not slow the others: a player's keystroke echo and a
// command's round trip with a neighbour flooding (`yes`) or fork-bombing, beside the same figure on
// a quiet server in the same run (the ratio is the figure; these machines are noisy). Server side
// only (socket.io client → session → sandbox), no browser. Was a timing assertion in play.int.test.ts.
//   npx tsx bench/isolation.ts [--driver docker|local] [--keys 60] [--commands 10]
import { parseArgs } from "node:util";
import { startTestPlateau } from "../lib/runtime/testing";
import { TestPlayer } from "../lib/sessions/testPlayer";
import { summarize, type Summary } from "./benchServer";

const { values } = parseArgs({
  options: {
    driver: { type: "string", default: "docker" },
    keys: { type: "string", default: "60" },
    commands: { type: "string", default: "10" },
  },
});
const p = await startTestPlateau(values.driver as "docker" | "local");
const players: TestPlayer[] = [];

async function play(index: number): Promise<{ episodeId: string; player: TestPlayer }> {
  const task = await p.db.prisma.task.findUniqueOrThrow({ where: { dataset_index: { dataset: "nl2bash_fs_4", index } } });
  const started = await p.sessions.start({ taskId: task.id, playerKind: "human", turnLimit: null });
  const player = new TestPlayer(p, started.episodeId, started.playerToken);
  players.push(player);
  await player.ready();
  return { episodeId: started.episodeId, player };
}

/** ms from a typed key until its echo arrives, `n` keys. */
async function echoes(player: TestPlayer, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const ch = "abcdefghijklmnopqrstuvwxyz"[i % 26];
    const before = player.output.length;
    const t0 = performance.now();
    player.type(ch);
    await player.until(() => player.output.slice(before).includes(ch), 5_000, `the echo of ${ch}`);
    times.push(performance.now() - t0);
    if (i % 30 === 29) player.type("\x15");
    await new Promise((r) => setTimeout(r, 20));
  }
  player.type("\x15");
  return times;
}

/** ms for a command's step to come back, `n` commands. */
async function commands(player: TestPlayer, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await player.run(`echo still-fine-${i}`, 20_000);
    times.push(performance.now() - t0);
  }
  return times;
}

const row = (what: string, quiet: Summary, loaded: Summary) =>
  console.log(
    `| ${what} | ${quiet.median.toFixed(1)} / ${quiet.p99.toFixed(1)} | ${loaded.median.toFixed(1)} / ${loaded.p99.toFixed(1)} | ${(loaded.median / quiet.median).toFixed(2)} / ${(loaded.p99 / quiet.p99).toFixed(2)} |`,
  );

try {
  const keys = Number(values.keys),
    cmds = Number(values.commands);
  const calm = await play(2);
  console.log(
    `Isolation bench ${new Date().toISOString().slice(0, 10)}, driver ${values.driver} (median / p99 ms)\n| figure | quiet server | neighbour misbehaving | ratio |\n|---|---|---|---|`,
  );
  const quietEcho = summarize(await echoes(calm.player, keys));
  const quietRun = summarize(await commands(calm.player, cmds));

  const flood = await play(1);
  flood.player.type("yes\r");
  await flood.player.until(() => flood.player.output.length > 200_000, 15_000, "the flood");
  row("echo, a neighbour flooding (yes)", quietEcho, summarize(await echoes(calm.player, keys)));
  row("command, a neighbour flooding (yes)", quietRun, summarize(await commands(calm.player, cmds)));
  flood.player.type("\x03");
  await p.sessions.get(flood.episodeId)!.skip();

  const bomb = await play(3);
  bomb.player.type(":(){ :|:& };:\r");
  await new Promise((r) => setTimeout(r, 2000));
  row("echo, a neighbour's fork bomb", quietEcho, summarize(await echoes(calm.player, keys)));
  row("command, a neighbour's fork bomb", quietRun, summarize(await commands(calm.player, cmds)));
  await p.sessions.get(bomb.episodeId)!.skip();
} finally {
  players.forEach((pl) => pl.close());
  await p.close();
}
