import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import path from "node:path";
import type { Database } from "../../db";
import { listReplaySteps } from "../../episodes/listReplaySteps";
import type { ScreenHtml } from "../../sessions/protocol";
import { alignSteps } from "../alignSteps";
import { genCast, type GenCast } from "../testing/genCast";
import { replayFromStart } from "../testing/headlessScreen";
import { openReplayTestDatabase, seedRecordedEpisode, seedStepsEpisode } from "../testing/seedEpisodes";
import { loadReplayRecording } from "./loadReplayRecording";
import { replayScreen, warmReplay } from "./replayScreen";

let db: Database;
let taskId: number;
let dataDir: string;
let cast: GenCast;
let opened: Awaited<ReturnType<typeof openReplayTestDatabase>> | undefined;

beforeAll(async () => {
  opened = await openReplayTestDatabase();
  ({ db, taskId, dataDir } = opened);
  cast = genCast(50);
});
afterAll(() => opened?.close());

/** The rows' text, as a person reads it on the page. */
function text(screen: ScreenHtml): string {
  return screen.rows
    .split(/<\/div>/)
    .map((row) =>
      row
        .replace(/<[^>]*>/g, "")
        .replace(/&nbsp;/g, " ")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, "&")
        .trimEnd(),
    )
    .join("\n")
    .trimEnd();
}

async function expectedAfterTurn(k: number): Promise<string> {
  const ends = alignSteps(
    cast.events.map((e) => e[0]),
    cast.steps,
  );
  const screen = await replayFromStart(cast, ends[k]);
  // Trailing blanks left out on both sides: the HTML keeps a wrapped row's written spaces or not.
  const t = screen
    .text()
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .trimEnd();
  screen.dispose();
  return t;
}

describe("the screen a replay page opens on, in its first paint", () => {
  it("is the terminal exactly as it was after the turn asked for (before the first, by default; the last, past the end)", async () => {
    const id = await seedRecordedEpisode(db.prisma, cast, { taskId });
    const steps = await listReplaySteps(db.prisma, id, { observations: false });
    await warmReplay(db.prisma, id); // as when the episode ended
    // The screen it opens on is kept beside the recording: a restarted server has it at once.
    expect(readdirSync(path.join(dataDir, "replay-screens")).filter((f) => f.startsWith(id))).toHaveLength(1);
    for (const [turn, k] of [
      [undefined, 0],
      [5, 5],
      [37, 37],
      [999, 50],
    ] as const) {
      const screen = await replayScreen(db.prisma, id, steps, turn, 10_000);
      expect(screen, `turn ${turn}`).not.toBeNull();
      expect({ cols: screen!.cols, lines: screen!.lines }).toEqual({ cols: cast.cols, lines: cast.rows });
      expect(text(screen!), `turn ${turn}`).toBe(await expectedAfterTurn(k));
    }
    // An imported episode's screen is made from its steps.
    const imported = await seedStepsEpisode(db.prisma, 12, { taskId });
    const importedSteps = await listReplaySteps(db.prisma, imported, { observations: false });
    expect(text((await replayScreen(db.prisma, imported, importedSteps, 4, 10_000))!)).toContain(
      "echo turn-3 && ls /testbed/dir2",
    );
  });

  it("shows a sandbox's output as text: markup in it is escaped, never made into the page's", async () => {
    const hostile = `<img src=x onerror="alert(1)"> & <script>alert(2)</script>`;
    const cmd = `cat notes.html`;
    const id = await seedRecordedEpisode(
      db.prisma,
      {
        text: "",
        cols: 80,
        rows: 24,
        events: [
          [0.1, "o", "$ "],
          [0.5, "o", `${cmd}\r\n${hostile}\r\n$ `],
        ],
        commands: [cmd],
        steps: [{ castStart: 0.2, castEnd: 0.6 }],
      },
      { taskId },
    );
    await loadReplayRecording(db.prisma, id);
    const screen = (await replayScreen(db.prisma, id, await listReplaySteps(db.prisma, id), 1, 10_000))!;
    expect(text(screen)).toContain(hostile);
    expect(screen.rows).not.toMatch(/<(img|script)/i);
    expect(screen.rows).toContain("&lt;img");
  });

  it("is not waited for when the recording has not been made yet; the next page has it; an unknown episode has none", async () => {
    const id = await seedRecordedEpisode(db.prisma, genCast(400, 7), { taskId });
    const steps = await listReplaySteps(db.prisma, id, { observations: false });
    // The snapshots of 400 commands take longer than 20 ms to make: the page goes without.
    expect(await replayScreen(db.prisma, id, steps, undefined, 20)).toBeNull();
    await loadReplayRecording(db.prisma, id);
    expect(await replayScreen(db.prisma, id, steps, undefined, 10_000)).not.toBeNull();
    expect(await replayScreen(db.prisma, "no-such-episode", [], undefined)).toBeNull();
  });
});
