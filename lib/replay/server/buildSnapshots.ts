import headless from "@xterm/headless";
import serialize from "@xterm/addon-serialize";
import { VtTracker, unsafeForSavedCursor, type CursorOp } from "../VtTracker";
import { parseSize } from "../parseSize";
import type { ScreenEvent, Snapshot } from "../types";

// Feeds a recording once through a headless xterm and keeps a snapshot of the screen every
// `every` characters of output, at safe points only (VtTracker), so that a seek restores the
// nearest snapshot and writes at most about `every` characters more. Each snapshot is then written
// into a fresh terminal and kept only if that terminal serializes the same: the serialize addon
// has corner cases (wrapped blank lines on the alternate screen) that do not round-trip.

const { Terminal } = headless as unknown as typeof import("@xterm/headless");
const { SerializeAddon } = serialize as unknown as typeof import("@xterm/addon-serialize");

// Every 8 K characters: a seek writes ~4 K after the snapshot on average. Taking more snapshots
// costs little here (parsing the recording is most of the work), and their data streams with the
// events (wireFormat.ts), not in the header the page waits for.
export const SNAPSHOT_EVERY = 8 * 1024;
const ALT_SCREEN = "\x1b[?1049h\x1b[H";
const MAX_PENDING = 8 * 1024 * 1024;

export async function buildSnapshots(
  rec: { cols: number; rows: number; events: readonly ScreenEvent[] },
  every = SNAPSHOT_EVERY,
): Promise<Snapshot[]> {
  const term = new Terminal({ cols: rec.cols, rows: rec.rows, scrollback: 0, allowProposedApi: true });
  const addon = new SerializeAddon();
  term.loadAddon(addon as never);
  const savedCursor = savedCursorPoints(rec.events);
  const tracker = new VtTracker();
  const candidates: Array<{ snapshot: Snapshot; screen: string }> = [];
  // Characters since the last snapshot, counted as xterm parses (callbacks run in write order).
  let since = 0;

  const take = (pos: number, suffix: string) => {
    // Right after the last column the cursor waits to wrap, which serialized state cannot express.
    const { cursorX: x, cursorY: y } = term.buffer.active;
    if (x >= term.cols) return;
    // Two fixes to the addon's output: it ends the main screen with the current pen, which then
    // colours the alternate screen written after it; and it places the cursor relative to the end
    // of the text, one cell short after a full line (absolute here: no scroll region, so origin
    // mode cannot shift it).
    const screen = addon.serialize({ scrollback: 0 });
    const data = `${screen.replace(ALT_SCREEN, `\x1b[0m${ALT_SCREEN}`)}\x1b[${y + 1};${x + 1}H${suffix}`;
    candidates.push({ snapshot: { pos, cols: term.cols, rows: term.rows, data }, screen });
    since = 0;
  };

  // Written with back-pressure: xterm drops data when more than 50 MB waits to be parsed.
  let pending = 0;
  let drained: (() => void) | null = null;
  const parsed = (n: number) => {
    pending -= n;
    if (drained && pending < MAX_PENDING / 2) {
      drained();
      drained = null;
    }
  };
  for (let i = 0; i < rec.events.length; i++) {
    const [, code, data] = rec.events[i];
    if (code === "r") {
      tracker.resized();
      const size = parseSize(data);
      if (size) term.write("", () => term.resize(size.cols, size.rows));
      continue;
    }
    tracker.feed(data);
    const suffix = tracker.safe() && !savedCursor[i + 1] ? tracker.suffix() : null;
    pending += data.length;
    term.write(data, () => {
      since += data.length;
      if (suffix !== null && since >= every) take(i + 1, suffix);
      parsed(data.length);
    });
    if (pending > MAX_PENDING) await new Promise<void>((resolve) => (drained = resolve));
  }
  await new Promise<void>((resolve) => term.write("", resolve));
  term.dispose();
  return roundTripped(candidates, rec);
}

/** The snapshots that, written into a fresh terminal, give back the screen they were taken from. */
async function roundTripped(
  candidates: Array<{ snapshot: Snapshot; screen: string }>,
  size: { cols: number; rows: number },
): Promise<Snapshot[]> {
  const term = new Terminal({ ...size, scrollback: 0, allowProposedApi: true });
  const addon = new SerializeAddon();
  term.loadAddon(addon as never);
  const kept: Snapshot[] = [];
  await new Promise<void>((resolve) => {
    for (const { snapshot, screen } of candidates) {
      term.write("", () => {
        term.reset();
        term.resize(snapshot.cols, snapshot.rows);
      });
      term.write(`\x18${snapshot.data}`, () => {
        if (addon.serialize({ scrollback: 0 }) === screen) kept.push(snapshot);
      });
    }
    term.write("", () => resolve());
  });
  term.dispose();
  return kept;
}

function savedCursorPoints(events: readonly ScreenEvent[]): boolean[] {
  const tracker = new VtTracker();
  const ops: CursorOp[][] = events.map(([, code, data]) => {
    if (code !== "o") return [];
    tracker.feed(data);
    return tracker.cursorOps;
  });
  return unsafeForSavedCursor(ops);
}
