import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db";
import { freePort, signalServer } from "../db/testing";
import { createPrisma } from "../db/client";
import { startTestPlateau, type TestPlateau } from "../runtime/testing";
import { TestPlayer } from "./testPlayer";
import { readdirSync } from "node:fs";
import type { LocalDriver } from "../sandbox/local";
import type { Sandbox } from "../sandbox/types";
import { liveEnvironments } from "../environments";
import { SessionManager } from "./SessionManager";

// The fault suite's database half, against the real parts: the embedded PostgreSQL paused (SIGSTOP)
// and killed (SIGKILL) under live episodes (on the local driver: what is tried here is the database;
// the docker engine's own faults are in e2e/faults.spec.ts). What a player was shown as stored
// must be in the database, once; what cannot be stored ends the episode as error, on the screen.

describe("a database that goes away under live episodes", { timeout: 120_000 }, () => {
  let dir: string;
  let port: number;
  let db: Database;
  let p: TestPlateau;
  const players: TestPlayer[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "plateau-faults-"));
    chmodSync(dir, 0o755);
    port = await freePort();
    db = await openDatabase({ url: undefined, dataDir: path.join(dir, "pg"), port });
    p = await startTestPlateau("local", db);
  });
  afterAll(async () => {
    players.forEach((pl) => pl.close());
    await p?.close();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const signal = (sig: NodeJS.Signals) => signalServer(db.pid!, sig);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  async function human() {
    const task = await p.db.prisma.task.findUniqueOrThrow({ where: { dataset_index: { dataset: "nl2bash_fs_1", index: 0 } } });
    const started = await p.sessions.start({ taskId: task.id, playerKind: "human", turnLimit: null });
    const player = new TestPlayer(p, started.episodeId, started.playerToken);
    players.push(player);
    await player.ready();
    return { ...started, player };
  }

  it("paused for 5 s: the player sees saving…, the episode goes on, nothing lost and nothing doubled; an agent is answered only once its step is stored", async () => {
    const { episodeId, player } = await human();
    const task = await p.db.prisma.task.findUniqueOrThrow({ where: { dataset_index: { dataset: "nl2bash_fs_1", index: 1 } } });
    const agent = await p.sessions.start({ taskId: task.id, playerKind: "agent", turnLimit: 10 });
    await agent.session.whenReady();
    await player.run("echo one");
    await agent.session.runAction("echo first", 10_000);

    signal("SIGSTOP");
    let resumed = false;
    const resume = sleep(5_000).then(() => {
      resumed = true;
      signal("SIGCONT");
    });
    try {
      player.type("echo two\r");
      const answered = agent.session.runAction("echo second", 10_000).then((r) => ({ r, whileAway: !resumed }));
      await player.until(() => player.state?.saving === true, 10_000, "saving…");
      expect(resumed).toBe(false);
      const { r, whileAway } = await answered;
      expect(whileAway).toBe(false); // not answered while the database could not have stored it
      expect(r.step?.action).toBe("echo second");
      expect(await p.db.prisma.step.count({ where: { episodeId: agent.episodeId } })).toBe(2);
    } finally {
      await resume;
    }
    await player.until(
      () => player.steps.length === 2 && player.state?.saving === false,
      15_000,
      "the step stored and saving… gone",
    );
    await player.run("echo three");
    const result = await player.submit();
    expect(result.status).toBe("submitted");

    const steps = await p.db.prisma.step.findMany({ where: { episodeId }, orderBy: { index: "asc" } });
    expect(steps.map((s) => s.action)).toEqual(["echo one", "echo two", "echo three"]);
    const seqs = (
      await p.db.prisma.terminalEvent.findMany({ where: { episodeId }, select: { seq: true }, orderBy: { seq: "asc" } })
    ).map((e) => e.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i)); // every event once, none missing
    const ep = await p.db.prisma.episode.findUniqueOrThrow({ where: { id: episodeId } });
    expect([ep.status, ep.turns]).toEqual(["submitted", 3]);
    await agent.session.skip();
  });

  it("no sandbox is left when the episode row cannot be made", async () => {
    const driver = p.driver as LocalDriver; // this file plays on the local driver
    // Sessions of their own, whose sandbox is known: counting the driver's sandboxes raced the warm
    // pool's refills on a loaded machine.
    let taken: Sandbox | null = null;
    const sessions = new SessionManager(
      p.db.prisma,
      driver,
      async (image) => (taken = await driver.create({ image })),
      liveEnvironments(),
    );
    const task = await p.db.prisma.task.findFirstOrThrow({ where: { dataset: "nl2bash_fs_1" } });
    // A run that does not exist: the database refuses the row after the sandbox was taken.
    await expect(sessions.start({ taskId: task.id, playerKind: "agent", runId: "no-such-run" })).rejects.toThrow(
      /could not be stored/,
    );
    expect(taken).not.toBeNull();
    const left = readdirSync(driver.workRoot).filter((f) => f.startsWith(taken!.id));
    expect(left).toEqual([]); // its folder, its record and its disk file
  });

  it("killed: the episode ends as error on the screen, its sandbox is destroyed; after a restart the stored steps are those the screen showed", async () => {
    process.env.PLATEAU_DB_GIVE_UP_SECONDS = "3";
    try {
      const { episodeId, session, player } = await human();
      await player.run("echo one");
      await player.run("echo two");
      signal("SIGKILL");
      player.type("echo three\r");
      await player.until(() => player.result !== null, 30_000, "the result");
      expect(player.result!.status).toBe("error");
      expect(player.result!.error).toMatch(/database could not store this episode/);
      expect(player.result!.scores).toEqual([]);
      const shown = player.steps.map((s) => s.action);
      expect(shown).toEqual(["echo one", "echo two"]);
      for (let i = 0; i < 50 && (await session.sandbox.alive()); i++) await sleep(100);
      expect(await session.sandbox.alive()).toBe(false);

      // Restart the database: the steps stored are exactly those the player was shown, and the
      // episode's end (kept in memory meanwhile) is written once it answers.
      const again = await openDatabase({ url: undefined, dataDir: path.join(dir, "pg"), port });
      const fresh = createPrisma(again.url, 2);
      try {
        const stored = await fresh.step.findMany({ where: { episodeId }, orderBy: { index: "asc" } });
        expect(stored.map((s) => s.action)).toEqual(shown);
        let ep = await fresh.episode.findUniqueOrThrow({ where: { id: episodeId } });
        for (let i = 0; i < 100 && ep.status === "active"; i++) {
          await sleep(100);
          ep = await fresh.episode.findUniqueOrThrow({ where: { id: episodeId } });
        }
        expect(ep.status).toBe("error");
        expect(ep.error).toMatch(/database could not store this episode/);
      } finally {
        await fresh.$disconnect();
        db = {
          ...db,
          close: async () => {
            await db.prisma.$disconnect().catch(() => {});
            await again.close();
          },
        } as Database;
      }
    } finally {
      delete process.env.PLATEAU_DB_GIVE_UP_SECONDS;
    }
  });
});
