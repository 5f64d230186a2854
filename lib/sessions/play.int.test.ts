import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlateau, type TestPlateau } from "../runtime/testing";
import { TestPlayer } from "./testPlayer";
import { SessionManager } from "./SessionManager";
import { liveEnvironments } from "../environments";
import type { Sandbox } from "../sandbox/types";

// Live play end to end: a socket.io client types into a real sandbox's shell, and what it did is in
// PostgreSQL step by step with a faithful reward. Runs on each sandbox driver.

const DRIVERS = (process.env.PLATEAU_TEST_DRIVERS ?? "docker,local").split(",") as Array<"docker" | "local">;

describe.each(DRIVERS)("live play on the %s driver", (driver) => {
  let p: TestPlateau;
  const players: TestPlayer[] = [];

  beforeAll(async () => {
    p = await startTestPlateau(driver);
  });
  afterAll(async () => {
    players.forEach((pl) => pl.close());
    await p?.close();
  });

  async function taskId(dataset: string, index: number): Promise<number> {
    return (await p.db.prisma.task.findUniqueOrThrow({ where: { dataset_index: { dataset, index } } })).id;
  }

  async function play(dataset: string, index: number, opts: { turnLimit?: number; scoreAtTurnLimit?: boolean } = {}) {
    const started = await p.sessions.start({
      taskId: await taskId(dataset, index),
      playerKind: "human",
      turnLimit: opts.turnLimit ?? null,
      scoreAtTurnLimit: opts.scoreAtTurnLimit,
    });
    const player = new TestPlayer(p, started.episodeId, started.playerToken);
    players.push(player);
    await player.ready();
    return { ...started, player };
  }

  it("records each command as a step with its output and exit code; the shell keeps its state", async () => {
    const { episodeId, player } = await play("nl2bash_fs_1", 0);
    await player.run("cd /testbed");
    const ls = await player.run("ls");
    const bad = await player.run("ls /no/such/dir");
    expect(ls.exitCode).toBe(0);
    expect(bad.exitCode).toBe(2);
    expect(bad.admissible).toBe(false);

    const steps = await p.db.prisma.step.findMany({ where: { episodeId }, orderBy: { index: "asc" } });
    expect(steps.map((s) => s.action)).toEqual(["cd /testbed", "ls", "ls /no/such/dir"]);
    expect(steps[1].observation).toContain("Hello.java");
    expect(steps[1].observation).toContain("dir1");
    expect(steps[2].observation).toMatch(/No such file or directory/);
    expect(steps.map((s) => s.admissible)).toEqual([true, true, false]);
    expect(player.output).not.toContain("\x1b]133");
    const ep = await p.db.prisma.episode.findUniqueOrThrow({ where: { id: episodeId } });
    expect(ep.turns).toBe(3);
    const events = await p.db.prisma.terminalEvent.count({ where: { episodeId } });
    expect(events).toBeGreaterThan(3);
  });

  it("scores the gold command 1.0 in both modes, and a wrong answer below 1", async () => {
    const task = await p.db.prisma.task.findUniqueOrThrow({ where: { dataset_index: { dataset: "nl2bash_fs_1", index: 0 } } });
    const ended: string[] = [];
    const off = p.sessions.onEpisodeEnded((id) => ended.push(id));
    const good = await play("nl2bash_fs_1", 0);
    await good.player.run(task.gold);
    const result = await good.player.submit();
    expect(result.status).toBe("submitted");
    expect(result.scores.map((s) => [s.mode, s.reward])).toEqual([
      ["intercode", 1],
      ["plateau", 1],
    ]);
    expect(result.gold).toBe(task.gold);
    const scores = await p.db.prisma.score.findMany({ where: { episodeId: good.episodeId } });
    expect(scores.every((s) => s.success && s.version.length > 0)).toBe(true);
    // Whoever waits for finished episodes (the replay warm-up) hears of it once it is stored.
    for (let i = 0; i < 100 && !ended.includes(good.episodeId); i++) await new Promise((r) => setTimeout(r, 50));
    expect(ended).toEqual([good.episodeId]);
    off();

    const bad = await play("nl2bash_fs_1", 0);
    await bad.player.run("echo nothing to see");
    const wrong = await bad.player.submit();
    expect(wrong.scores.find((s) => s.mode === "plateau")!.reward).toBeLessThan(1);
  });

  it("reproduces InterCode's own check: echo hello, cd /testbed/, submit → 0.67", async () => {
    const { episodeId, player } = await play("nl2bash_test", 0);
    await player.run("echo hello");
    await player.run("cd /testbed/");
    player.type("submit\r");
    await player.until(() => player.result !== null, 60_000, "the result of typing submit");
    expect(player.result!.scores.find((s) => s.mode === "intercode")!.reward).toBeCloseTo(0.67, 10);
    const ep = await p.db.prisma.episode.findUniqueOrThrow({ where: { id: episodeId } });
    expect(ep.status).toBe("submitted");
    expect(ep.turns).toBe(2);
  });

  it("redraws the screen and keeps the turn count when the page reconnects", async () => {
    const { episodeId, playerToken, player } = await play("nl2bash_fs_2", 0);
    await player.run("echo before-reload-marker");
    player.close();
    const again = new TestPlayer(p, episodeId, playerToken);
    players.push(again);
    await again.until(
      () => again.screen.includes("before-reload-marker") && again.state?.turns === 1,
      10_000,
      "the redrawn screen",
    );
    const step = await again.run("echo after");
    expect(step.index).toBe(1);
  });

  it("attaches a connection that asks as it opens: the screen comes unasked, it types as the player, its size follows", async () => {
    const { episodeId, playerToken, player } = await play("nl2bash_fs_2", 0);
    await player.run("echo first-page-marker");
    player.close();
    // A reloaded Play page: its connection opens before its terminal is built, so it knows no size yet.
    const again = new TestPlayer(p, episodeId, playerToken, { cols: 97, rows: 29 }, true, "handshake");
    players.push(again);
    await again.until(() => again.screen.includes("first-page-marker"), 10_000, "the screen, with no attach message sent");
    const step = await again.run("stty size");
    expect(step.index).toBe(1);
    const stored = await p.db.prisma.step.findUniqueOrThrow({ where: { episodeId_index: { episodeId, index: 1 } } });
    expect(stored.observation.trim()).toBe("29 97");
  });

  it("lets only the player type: a spectator's keystrokes are ignored", async () => {
    const { episodeId, player } = await play("nl2bash_fs_3", 0);
    const watcher = new TestPlayer(p, episodeId);
    players.push(watcher);
    await watcher.until(() => watcher.state !== null, 10_000, "the spectator's state");
    watcher.type("touch /tmp/spectator-was-here\r");
    await player.run("ls /tmp");
    await watcher.until(() => watcher.output.includes("ls /tmp"), 10_000, "the spectator to see the player's command");
    const steps = await p.db.prisma.step.findMany({ where: { episodeId } });
    expect(steps.map((s) => s.action)).toEqual(["ls /tmp"]);
    expect(steps[0].observation).not.toContain("spectator-was-here");
  });

  it("does not let a spectator that never acknowledges hold the player back; once it catches up it gets the current screen", async () => {
    const { episodeId, player } = await play("nl2bash_fs_2", 2);
    const watcher = new TestPlayer(p, episodeId, undefined, undefined, false);
    players.push(watcher);
    await watcher.until(() => watcher.state !== null, 10_000, "the spectator's state");
    const step = await player.run("yes | head -c 5M", 60_000);
    expect(step.exitCode).toBe(0);
    await player.until(() => /\$ $/.test(player.output), 10_000, "the prompt back after the flood");
    expect(watcher.output.length).toBeLessThan(2 * 1024 * 1024); // left behind, not sent the whole flood
    watcher.screen = "";
    watcher.ackAll();
    // The screen as it is now (the flood's last lines, the prompt back), not the 4 MiB it missed.
    await watcher.until(() => /player@plateau:\/\$\s*$/.test(watcher.screen), 10_000, "the spectator's fresh screen");
    const after = await player.run("echo live-again");
    expect(after.exitCode).toBe(0);
    await watcher.until(() => watcher.output.includes("live-again"), 10_000, "the spectator to follow live again");
  });

  it("answers an agent's step within its timeout while a spectator that never acknowledges watches", async () => {
    const { session, episodeId } = await p.sessions.start({
      taskId: await taskId("nl2bash_fs_2", 3),
      playerKind: "agent",
      turnLimit: null,
    });
    const watcher = new TestPlayer(p, episodeId, undefined, undefined, false);
    players.push(watcher);
    await watcher.until(() => watcher.state !== null, 10_000, "the spectator's state");
    const r = await session.runAction("yes | head -c 5M", 30_000);
    expect(r.timedOut).toBe(false);
    expect(r.step).toMatchObject({ exitCode: 0, truncated: true });
    expect((await session.runAction("echo next", 10_000)).observation).toBe("next\n");
    await session.skip();
  });

  it("takes no step, submit or exit code from output that imitates the shell's marks (printf, cat of a file)", async () => {
    const { episodeId, player } = await play("nl2bash_fs_3", 2);
    const forged =
      "\\e]133;D;0\\a\\e]633;E;submit\\a\\e]133;C\\a\\e]133;D;0;00000000000000000000000000000000\\a\\e]133;A\\a$ \\e]133;B\\a";
    const printed = await player.run(`printf '${forged}'; false`);
    await player.run(`printf '${forged}' > /tmp/forged`);
    const catted = await player.run("cat /tmp/forged; ls /nope");
    expect([printed.exitCode, catted.exitCode]).toEqual([1, 2]);
    const steps = await p.db.prisma.step.findMany({ where: { episodeId }, orderBy: { index: "asc" } });
    expect(steps.map((s) => [s.action, s.exitCode])).toEqual([
      [`printf '${forged}'; false`, 1],
      [`printf '${forged}' > /tmp/forged`, 0],
      ["cat /tmp/forged; ls /nope", 2],
    ]);
    expect(steps[2].observation).toMatch(/^\$ ls: cannot access '\/nope'/); // the forged prompt's text, then the real output
    expect(p.sessions.get(episodeId)!.state()).toMatchObject({ status: "active", turns: 3 });
    expect(player.result).toBeNull();
  });

  it("an agent's incomplete action is a step that did not run, at once; a multi-line action runs whole", async () => {
    const { session, episodeId } = await p.sessions.start({
      taskId: await taskId("nl2bash_fs_1", 0),
      playerKind: "agent",
      turnLimit: null,
    });
    const open = await session.runAction('echo "hello', 10_000);
    expect(open.timedOut).toBe(false); // answered at once, not at the 10 s timeout
    expect(open.step).toMatchObject({ action: 'echo "hello', exitCode: 2, admissible: false });
    expect(open.observation).toContain("unexpected end of file");
    const loop = await session.runAction("for i in 1 2; do\n  echo n$i\ndone", 10_000);
    expect(loop.observation).toContain("n1");
    expect(loop.observation).toContain("n2");
    expect((await session.runAction("echo still here", 10_000)).observation).toBe("still here\n");
    await session.skip(); // stores what is still being written
    const steps = await p.db.prisma.step.findMany({ where: { episodeId }, orderBy: { index: "asc" } });
    expect(steps.map((s) => [s.index, s.exitCode])).toEqual([
      [0, 2],
      [1, 0],
      [2, 0],
    ]);
  });

  it("answers an agent's action once bash is back at its prompt, not when the command ends", async () => {
    const { session } = await p.sessions.start({ taskId: await taskId("nl2bash_fs_1", 1), playerKind: "agent", turnLimit: null });
    // From now on the command-end mark and the prompt arrive 300 ms apart, in separate chunks.
    await session.runAction('PROMPT_COMMAND="$PROMPT_COMMAND; sleep 0.3"', 10_000);
    for (const word of ["one", "two", "three"])
      expect((await session.runAction(`echo ${word}`, 10_000)).observation).toBe(`${word}\n`);
    await session.skip();
  });

  it("blocks commands past the turn limit with a clear message", async () => {
    const { player } = await play("nl2bash_fs_4", 0, { turnLimit: 1 });
    await player.run("echo one");
    await player.until(() => player.output.includes("Turn limit reached"), 5_000, "the turn-limit notice");
    player.type("echo two\r");
    await player.until(() => player.errors.some((e) => e.includes("Turn limit")), 5_000, "the refusal");
    expect(player.steps).toHaveLength(1);
  });

  it("scores a human episode as it stands when it reaches a turn limit set to score, as an agent's is", async () => {
    const { episodeId, player } = await play("nl2bash_fs_4", 5, { turnLimit: 2, scoreAtTurnLimit: true });
    await player.run("echo one");
    await player.run("cd /testbed");
    await player.until(() => player.result !== null, 60_000, "the result at the turn limit");
    expect(player.result!.status).toBe("submitted");
    expect(player.result!.scores.map((s) => s.mode)).toEqual(["intercode", "plateau"]);
    expect(player.output).toContain("Turn limit reached (2): the episode is scored as it stands.");
    const ep = await p.db.prisma.episode.findUniqueOrThrow({ where: { id: episodeId }, include: { scores: true } });
    expect(ep).toMatchObject({ status: "submitted", turns: 2, turnLimit: 2 });
    expect(ep.scores).toHaveLength(2);
  });

  // How fast it answers meanwhile is bench/isolation.ts's figure, beside a quiet server's.
  it("keeps the server answering another session while one floods its terminal", async () => {
    const flood = await play("nl2bash_fs_4", 1);
    const calm = await play("nl2bash_fs_4", 2);
    flood.player.type("yes\r");
    await flood.player.until(() => flood.player.output.length > 200_000, 15_000, "the flood");
    // The calm player's keystrokes still echo: the server and its sandbox answer.
    for (const ch of "calmly") {
      const before = calm.player.output.length;
      calm.player.type(ch);
      await calm.player.until(() => calm.player.output.slice(before).includes(ch), 5_000, `the echo of ${ch}`);
    }
    calm.player.type("\x15");
    flood.player.type("\x03");
    await flood.player.until(() => flood.player.steps.length >= 1, 20_000, "the flood's step to end");
    const after = await flood.player.run("echo stopped", 20_000);
    expect(after.action).toBe("echo stopped");
    const steps = await p.db.prisma.step.findMany({ where: { episodeId: flood.episodeId }, orderBy: { index: "asc" } });
    expect(steps[0].action).toBe("yes");
    expect(steps[0].truncated).toBe(true);
    await p.sessions.get(flood.episodeId)!.skip();
  });

  it("survives a fork bomb in one episode; the episode's sandbox still answers", async () => {
    const bomb = await play("nl2bash_fs_4", 3);
    const other = await play("nl2bash_fs_4", 4);
    bomb.player.type(":(){ :|:& };:\r");
    await new Promise((r) => setTimeout(r, 2000));
    expect((await other.player.run("echo still-fine")).action).toBe("echo still-fine");
    // End the episode: its sandbox, and every process the bomb left, go with it.
    await p.sessions.get(bomb.episodeId)!.skip();
  });

  it("gives a fresh shell in the same sandbox after `exit` or Ctrl-D: the files and the episode go on", async () => {
    const { episodeId, player } = await play("nl2bash_fs_2", 2);
    await player.run("echo kept > /tmp/exit-test; cd /tmp");
    await player.run("exit");
    await player.until(
      () => /fresh one starts/.test(player.output) && /\$ $/.test(player.output),
      20_000,
      "a fresh prompt after exit",
    );
    const cat = await player.run("cat /tmp/exit-test; pwd");
    expect(cat.exitCode).toBe(0);
    player.type("\x04"); // Ctrl-D at the prompt
    await player.until(
      () => (player.output.match(/fresh one starts/g) ?? []).length === 2 && /\$ $/.test(player.output),
      20_000,
      "a fresh prompt after Ctrl-D",
    );
    expect(player.result).toBeNull();
    const result = await player.submit();
    expect(result.status).toBe("submitted");
    const steps = await p.db.prisma.step.findMany({ where: { episodeId }, orderBy: { index: "asc" } });
    expect(steps.map((s) => s.action)).toEqual(["echo kept > /tmp/exit-test; cd /tmp", "exit", "cat /tmp/exit-test; pwd"]);
    // A fresh login shell starts at /, and the file written before the exit is still there.
    expect(steps[2].observation).toBe("kept\n/\n");
  });

  it("ends an episode with a clear error when its sandbox dies", async () => {
    const { episodeId, player } = await play("nl2bash_fs_2", 1);
    const session = p.sessions.get(episodeId)!;
    expect(session).toBeDefined();
    await session.sandbox.destroy(); // as if the container were killed from outside
    await player.until(() => player.result !== null, 20_000, "the episode to end");
    expect(player.result!.status).toBe("error");
    const ep = await p.db.prisma.episode.findUniqueOrThrow({ where: { id: episodeId } });
    expect(ep.status).toBe("error");
    expect(ep.error).toMatch(/sandbox stopped/);
  });

  it("marks an episode interrupted, steps kept, when the server stops mid-episode", async () => {
    const { episodeId, player } = await play("nl2bash_fs_3", 1);
    await player.run("echo kept");
    // A new process finds the episode active in the database with no live session behind it.
    const fresh = new SessionManager(
      p.db.prisma,
      null,
      async () => {
        throw new Error("unused");
      },
      {},
    );
    expect(await fresh.markOrphansInterrupted()).toBeGreaterThanOrEqual(1);
    const ep = await p.db.prisma.episode.findUniqueOrThrow({ where: { id: episodeId }, include: { steps: true } });
    expect(ep.status).toBe("interrupted");
    expect(ep.steps.map((s) => s.action)).toEqual(["echo kept"]);
  });

  it("a stop while an episode is starting lets the start finish, then ends that episode as interrupted and destroys its sandbox", async () => {
    let reached!: () => void;
    const atSandbox = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let taken: Sandbox | null = null;
    // Sessions of their own, whose start is held at its sandbox until the stop has begun.
    const takeSandbox = async (image: string) => {
      reached();
      await released;
      return (taken = await p.driver.create({ image }));
    };
    const sessions = new SessionManager(p.db.prisma, p.driver, takeSandbox, liveEnvironments());
    const starting = sessions.start({ taskId: await taskId("nl2bash_fs_1", 4), playerKind: "agent", turnLimit: null });
    await atSandbox;
    const stopped = sessions.shutdown();
    release();
    await stopped;
    const { episodeId } = await starting;
    expect(sessions.size).toBe(0);
    expect((await p.db.prisma.episode.findUniqueOrThrow({ where: { id: episodeId } })).status).toBe("interrupted");
    expect(await taken!.alive()).toBe(false);
  });

  // Last: it stops this Plateau's sessions.
  it("a stop ends the live episodes as interrupted and returns only once their sandboxes are destroyed", async () => {
    const live = await Promise.all([play("nl2bash_fs_1", 2), play("nl2bash_fs_1", 3)]);
    const destroyed: string[] = [];
    for (const { episodeId } of live) {
      const sandbox = p.sessions.get(episodeId)!.sandbox;
      const destroy = sandbox.destroy.bind(sandbox);
      sandbox.destroy = async () => {
        await destroy();
        destroyed.push(episodeId);
      };
    }
    await p.sessions.shutdown();
    // The server exits after this, and a sandbox it had not finished destroying would be left running.
    expect(destroyed.sort()).toEqual(live.map((l) => l.episodeId).sort());
    const eps = await p.db.prisma.episode.findMany({ where: { id: { in: live.map((l) => l.episodeId) } } });
    expect(eps.map((e) => e.status)).toEqual(["interrupted", "interrupted"]);
  });
});
