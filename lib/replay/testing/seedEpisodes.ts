import type { EpisodeStatus } from "../../episodes/episodeStatus";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Database, Db } from "../../db";
import { openTestDatabase } from "../../db/testing";
import { insertEvents as storeEvents } from "../../sessions/EpisodeWriter";
import { alignSteps } from "../alignSteps";
import type { ScreenEvent } from "../types";
import type { GenCast } from "./genCast";

// Episodes made directly in the database for integration tests, browser tests and the bench:
// a recorded one (gen-cast's realistic terminal session, steps aligned to its commands), one
// with only steps (as imported logs are), one with no steps, one with a broken recording, and
// a live one that tests extend as it "plays".

type EpisodeFields = {
  taskId: number;
  status?: EpisodeStatus;
  source?: string;
  playerKind?: string;
  playerName?: string | null;
  model?: string | null;
};

async function createEpisode(
  prisma: Db,
  f: EpisodeFields & { turns: number; castWidth?: number | null; castHeight?: number | null },
): Promise<string> {
  const ep = await prisma.episode.create({
    data: {
      taskId: f.taskId,
      playerKind: f.playerKind ?? "human",
      playerName: f.playerName ?? "tester",
      model: f.model ?? null,
      source: f.source ?? "live",
      status: f.status ?? "submitted",
      turns: f.turns,
      castWidth: f.castWidth ?? null,
      castHeight: f.castHeight ?? null,
      endedAt: (f.status ?? "submitted") === "active" ? null : new Date(),
    },
  });
  return ep.id;
}

async function insertEvents(
  prisma: Db,
  episodeId: string,
  events: readonly { time: number; code: string; data: string }[],
  firstSeq = 0,
): Promise<void> {
  // The live writer's own statement: createMany took 37 s for a 50 MB recording's 205,000 events.
  for (let i = 0; i < events.length; i += 20_000) {
    const rows = events.slice(i, i + 20_000).map((e, j) => ({ seq: firstSeq + i + j, time: e.time, code: e.code, data: e.data }));
    await storeEvents(prisma, episodeId, rows);
  }
}

/** Text as a person reads it off the terminal: escape sequences and carriage returns gone. */
export function plainText(s: string): string {
  return s
    .replace(/\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[@-Z\\-_]/g, "")
    .replace(/\r\n/g, "\n")
    .replace(/^.*\r(?!\n)/gm, "");
}

/** A played episode with gen-cast's recording: one step per command, observation = its output as plain text. */
export async function seedRecordedEpisode(prisma: Db, cast: GenCast, f: EpisodeFields): Promise<string> {
  const id = await createEpisode(prisma, { ...f, turns: cast.steps.length, castWidth: cast.cols, castHeight: cast.rows });
  await insertEvents(prisma, id, [
    { time: 0, code: "r", data: `${cast.cols}x${cast.rows}` },
    ...cast.events.map(([time, code, data]) => ({ time, code, data })),
  ]);
  const ends = alignSteps(
    cast.events.map((e) => e[0]),
    cast.steps,
  );
  await prisma.step.createMany({
    data: cast.steps.map((span, k) => {
      const bytes = cast.events
        .slice(ends[k], ends[k + 1])
        .map((e) => e[2])
        .join("");
      const cmd = cast.commands[k];
      const out = bytes.slice(bytes.indexOf(`${cmd}\r\n`) + cmd.length + 2);
      return {
        episodeId: id,
        index: k,
        action: cmd,
        observation: plainText(out).trimEnd(),
        exitCode: cmd.startsWith("npm test") ? 1 : 0,
        admissible: !cmd.startsWith("npm test"),
        durationMs: Math.round((span.castEnd! - span.castStart!) * 1000),
        castStart: span.castStart,
        castEnd: span.castEnd,
      };
    }),
  });
  await prisma.score.createMany({
    data: [
      {
        episodeId: id,
        mode: "plateau",
        reward: 0.67,
        success: false,
        breakdown: { filesystem: 0.33, content: 0.33, output: 0.01 },
        version: "test",
      },
      {
        episodeId: id,
        mode: "intercode",
        reward: 0.67,
        success: false,
        breakdown: { p1: 0.33, p2: 0.33, p3: 0.01 },
        version: "test",
      },
    ],
  });
  return id;
}

/** An episode with steps and no recording, as imported logs are: `n` turns with thoughts, rewards and a submit. */
export async function seedStepsEpisode(prisma: Db, n: number, f: EpisodeFields): Promise<string> {
  const id = await createEpisode(prisma, { source: "import", playerKind: "agent", model: "gpt-test", ...f, turns: n });
  const steps = Array.from({ length: n }, (_, k) => ({
    episodeId: id,
    index: k,
    action: k === n - 1 ? "submit" : `echo turn-${k + 1} && ls /testbed/dir${k % 3}`,
    observation: k === n - 1 ? "" : `turn-${k + 1}\nfile${k}.txt\nnotes-${k}.md`,
    exitCode: k % 7 === 3 ? 2 : 0,
    admissible: k % 7 !== 3,
    reward: k % 5 === 4 ? 0.33 : null,
    thought: `Thought ${k + 1}: look at dir${k % 3}`,
    durationMs: 200 + (k % 10) * 50,
  }));
  for (let i = 0; i < steps.length; i += 2000) await prisma.step.createMany({ data: steps.slice(i, i + 2000) });
  await prisma.score.create({
    data: { episodeId: id, mode: "intercode", reward: 0.33, success: false, breakdown: {}, version: "test" },
  });
  return id;
}

/** A recording that breaks the rules: a sequence cut at the very end, U+FFFD from bad UTF-8, a lone surrogate. */
export async function seedBrokenRecording(prisma: Db, f: EpisodeFields): Promise<string> {
  const id = await createEpisode(prisma, { ...f, turns: 1, castWidth: 80, castHeight: 24 });
  const events: ScreenEvent[] = [
    [0.1, "o", "$ "],
    [0.5, "o", "cat bad.bin\r\n"],
    [0.6, "o", "caf\ufffd \ufffd\ufffd bytes \ud800 end\r\n"],
    [0.7, "o", "\x1b[31mred\x1b[0m\r\n$ "],
    [0.8, "o", "\x1b]0;unterminated title"],
    [0.9, "o", "\x1b[3"],
  ];
  await insertEvents(
    prisma,
    id,
    events.map(([time, code, data]) => ({ time, code, data })),
  );
  await prisma.step.create({
    data: {
      episodeId: id,
      index: 0,
      action: "cat bad.bin",
      observation: "caf\ufffd",
      castStart: 0.4,
      castEnd: 0.7,
      exitCode: 0,
      admissible: true,
    },
  });
  return id;
}

/** An episode being played: a prompt so far. Extend it with appendLive. */
export async function seedLiveEpisode(prisma: Db, f: EpisodeFields): Promise<string> {
  const id = await createEpisode(prisma, { ...f, status: "active", turns: 0, castWidth: 80, castHeight: 24 });
  await insertEvents(prisma, id, [
    { time: 0, code: "r", data: "80x24" },
    { time: 0.2, code: "o", data: "\x1b[32mplayer@sandbox\x1b[0m:~$ " },
  ]);
  return id;
}

/** Seed an empty episode: no steps, no recording. */
export async function seedEmptyEpisode(prisma: Db, f: EpisodeFields): Promise<string> {
  return createEpisode(prisma, { source: "import", ...f, turns: 0 });
}

/**
 * A test database with one bash task to seed episodes of, and a replay cache of its own
 * ($PLATEAU_DATA_DIR, removed on close).
 */
export async function openReplayTestDatabase(): Promise<{
  db: Database;
  taskId: number;
  dataDir: string;
  close(): Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "plateau-replay-"));
  process.env.PLATEAU_DATA_DIR = dataDir;
  const db = await openTestDatabase();
  const { id: taskId } = await db.prisma.task.create({
    data: { environment: "bash", dataset: "test", index: 0, query: "list files", gold: "ls" },
  });
  return {
    db,
    taskId,
    dataDir,
    async close() {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
