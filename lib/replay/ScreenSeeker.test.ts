import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ScreenSeeker } from "./ScreenSeeker";
import { buildSnapshots } from "./server/buildSnapshots";
import { headlessScreen, replayFromStart } from "./testing/headlessScreen";
import { genCast } from "./testing/genCast";
import type { ScreenEvent } from "./types";

async function seekScreen(rec: { cols: number; rows: number; events: ScreenEvent[] }, every: number) {
  const snapshots = await buildSnapshots(rec, every);
  const screen = headlessScreen(rec.cols, rec.rows);
  const seeker = new ScreenSeeker(screen, rec, rec.events, snapshots);
  return { snapshots, screen, seeker };
}

describe("seek = nearest snapshot, then the events after it", () => {
  it("shows the same screen as replaying from the start, on a realistic recording", async () => {
    const rec = genCast(50);
    const { snapshots, screen, seeker } = await seekScreen(rec, 8 * 1024);
    expect(snapshots.length).toBeGreaterThan(40);
    // Every snapshot point, a point just after each, and backwards jumps.
    const targets = [...snapshots.flatMap((s) => [s.pos, s.pos + 3]), 0, rec.events.length, 17, 1200, 5].filter(
      (p) => p <= rec.events.length,
    );
    for (const target of targets) {
      await seeker.seek(target);
      const truth = await replayFromStart(rec, target);
      expect(screen.state(), `screen at ${target}`).toBe(truth.state());
      truth.dispose();
    }
  });

  it("restores a snapshot instead of writing everything when jumping far", async () => {
    const rec = genCast(50);
    const { snapshots, seeker } = await seekScreen(rec, 8 * 1024);
    const last = snapshots[snapshots.length - 1];
    const plan = seeker.plan(last.pos + 1);
    expect(plan.restore).toBe(last);
    expect(seeker.cost(plan.from, plan.to)).toBeLessThan(8 * 1024 * 2);
    // Going on a little from where the screen is writes only the difference.
    await seeker.seek(100);
    expect(seeker.plan(102)).toEqual({ restore: null, from: 100, to: 102 });
    // Asked to keep a turn's output in the scrollback, it starts before the turn when that is cheap.
    const keep = seeker.plan(last.pos + 1, last.pos - 10);
    expect(keep.from).toBeLessThanOrEqual(last.pos - 10);
  });

  it("waits for a recording still arriving, keeping the screen as it is meanwhile", async () => {
    const events: ScreenEvent[] = [
      [0, "o", "one "],
      [1, "o", ""],
      [2, "o", ""],
    ];
    let release!: () => void;
    const arrived = new Promise<void>((r) => (release = r));
    const screen = headlessScreen(20, 4);
    const seeker = new ScreenSeeker(screen, { cols: 20, rows: 4 }, events, [], {
      loading: { lengths: [4, 4, 6], load: (_from, to) => (to <= 1 ? Promise.resolve() : arrived) },
    });
    await seeker.seek(1);
    const later = seeker.seek(3);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.text().trimEnd()).toBe("one");
    events[1][2] = "two ";
    events[2][2] = "three!";
    release();
    await later;
    expect(screen.text().trimEnd()).toBe("one two three!");
    expect(seeker.cost(0, 3)).toBe(14);
  });

  it("writes a long stretch in pieces the terminal accepts (xterm drops data beyond 50 MB pending)", async () => {
    const events: ScreenEvent[] = Array.from({ length: 300 }, (_, i) => [i, "o", "x".repeat(10_000)]);
    const writes: number[] = [];
    const term = { reset() {}, resize() {}, write: async (d: string) => void writes.push(d.length) };
    await new ScreenSeeker(term, { cols: 80, rows: 24 }, events, []).seek(300);
    expect(writes.reduce((a, b) => a + b, 0)).toBe(3_000_000);
    expect(Math.max(...writes)).toBeLessThanOrEqual((1 << 20) + 10_000);
    expect(writes.length).toBe(3);
  });

  // Streams built to break snapshots: sequences split across events, a pen set in one event and
  // used in the next, a line filling the last column (pending wrap), scroll regions, character
  // sets, the alternate screen, a hidden cursor, wide characters, broken UTF-8 (U+FFFD), a
  // recording that ends inside an escape sequence, and resizes.
  const pieces = [
    "hello ",
    "world\r\n",
    "\x1b[",
    "31m",
    "\x1b[1;4",
    "4m",
    "red text",
    "\x1b[0m",
    "\x1b[m",
    "x".repeat(20),
    "y".repeat(7),
    "\x1b[5;10r",
    "\x1b[r",
    "\x1b(0lqk\x1b(B",
    "\x1b(0",
    "\x0e",
    "\x0f",
    "\x1b[?1049h",
    "\x1b[?1049l",
    "\x1b[?25l",
    "\x1b[?25h",
    "\x1b]0;title\x07",
    "\x1b]0;ti",
    "tle\x1b\\",
    "中文字",
    "🙂",
    "\ufffd\ufffd",
    "\r",
    "\n",
    "\b\b",
    "\x1b[2J\x1b[H",
    "\x1b[3;5H",
    "\x1b[2;4r",
    "\x1b[4;1H",
    "1\n2\n3\n",
    "xqxq",
    "\x1b[K",
    "\x1b7",
    "\x1b8",
    "\x1b[?7l",
    "\x1b[?7h",
    "\x1b[4h",
    "\x1b[4l",
    "\x1b[2@",
    "\x1b[38;5;208m",
    "\x1bc",
    "\t|",
    "\x9b1m",
    "\x7f",
    "é",
  ];
  const stream = fc.array(fc.oneof(fc.constantFrom(...pieces), fc.constantFrom("r")), { minLength: 5, maxLength: 40 });

  /** Snapshot + replay equals replay from the start, from every snapshot to every later point. */
  async function exactFromEverySnapshot(parts: string[]): Promise<boolean> {
    let t = 0;
    const events: ScreenEvent[] = parts.map((p, i) => (p === "r" ? [t++, "r", i % 2 ? "24x6" : "20x8"] : [t++, "o", p]));
    const rec = { cols: 20, rows: 8, events };
    const truth = await statesFromStart(rec);
    const snapshots = await buildSnapshots(rec, 1);
    const screen = headlessScreen(rec.cols, rec.rows);
    try {
      for (const s of snapshots) {
        const seeker = new ScreenSeeker(screen, rec, events, [s], { restoreCost: -1e12 });
        for (let target = s.pos; target <= events.length; target++) {
          await seeker.seek(target);
          if (screen.state() !== truth[target]) return false;
        }
      }
      return true;
    } finally {
      screen.dispose();
    }
  }

  // A fixed seed keeps CI deterministic; FC_SEED=random (or a number) explores further.
  const seed = process.env.FC_SEED === "random" ? undefined : Number(process.env.FC_SEED ?? 20261130);
  it("stays exact on streams built to break it, from every snapshot to every later point", async () => {
    await fc.assert(fc.asyncProperty(stream, exactFromEverySnapshot), { numRuns: Number(process.env.RUNS ?? 60), seed });
  });

  // Found by the property above with a random seed: xterm resizes the hidden alternate screen too,
  // so a restore must go through the recording's earlier sizes, not only the snapshot's.
  it("the alternate screen after resizes, from a snapshot (found by the property above)", async () => {
    expect(await exactFromEverySnapshot(["hello ", "r", "1\n2\n3\n", "hello ", "hello ", "r", "\x1b[?1049h", "1\n2\n3\n"])).toBe(
      true,
    );
  });
});

/** The state of the screen after each number of events, written once from the start. */
async function statesFromStart(rec: { cols: number; rows: number; events: ScreenEvent[] }): Promise<string[]> {
  const screen = headlessScreen(rec.cols, rec.rows);
  const seeker = new ScreenSeeker(screen, rec, rec.events, []);
  const states = [screen.state()];
  for (let i = 1; i <= rec.events.length; i++) {
    await seeker.seek(i);
    states.push(screen.state());
  }
  screen.dispose();
  return states;
}
