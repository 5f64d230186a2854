import headless from "@xterm/headless";
import serialize from "@xterm/addon-serialize";
import type { Db } from "../../db";
import type { ScreenHtml } from "../../sessions/protocol";
import { screenHtmlOf } from "../../sessions/screenHtml";
import { initialPlayback, transition } from "../playback";
import { ScreenSeeker, xtermScreen } from "../ScreenSeeker";
import { Timeline } from "../Timeline";
import { RecordingReceiver } from "../wireFormat";
import type { StepSpan } from "../types";
import { listReplaySteps } from "../../episodes/listReplaySteps";
import { recordingOf, replayCache, replayVersion } from "./loadReplayRecording";

const { Terminal } = headless as unknown as typeof import("@xterm/headless");
const { SerializeAddon } = serialize as unknown as typeof import("@xterm/addon-serialize");

/** Deep links' screens, by the recording's bytes (one object per version in the cache) and turn. */
const KEPT_PER_RECORDING = 32;
const screensOf = new WeakMap<Uint8Array, Map<number, Promise<ScreenHtml | null>>>();

/**
 * The screen a finished episode's replay opens on (`turn`, or before the first step), as HTML for
 * the page's first paint: the page's player takes over once it has drawn the same. Sought as the
 * page seeks (the nearest snapshot, then the events after it), in a headless terminal; made once
 * per version of the recording and turn (the default turn's kept on disk too). Null when there is
 * no recording to show, or when it is not made within `waitMs` (a recording no one has opened yet
 * is computed first, which can take seconds: the page does not wait for it, the next one has it).
 */
export async function replayScreen(
  prisma: Db,
  episodeId: string,
  steps: readonly StepSpan[],
  turn: number | undefined,
  waitMs = 100,
): Promise<ScreenHtml | null> {
  const screen = madeScreen(prisma, episodeId, steps, turn).catch(() => null); // a page without it still opens
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
  try {
    return await Promise.race([screen, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The screen each version of a recording opens on (the page's default), kept on disk beside the recordings. */
const openings = () => replayCache("replay-screens", 64);

async function madeScreen(
  prisma: Db,
  episodeId: string,
  steps: readonly StepSpan[],
  turn: number | undefined,
): Promise<ScreenHtml | null> {
  const v = await replayVersion(prisma, episodeId);
  if (!v) return null;
  // A screen that cannot be made is kept as none: the page opens without it. (A recording that
  // could not be read is not: it is tried again.)
  const make = (recording: Uint8Array) => screenAt(recording, steps, turn).catch(() => null);
  if (turn === undefined) {
    const bytes = await openings().get(episodeId, v.version, async () =>
      new TextEncoder().encode(JSON.stringify(await make(await recordingOf(episodeId, v)))),
    );
    return JSON.parse(new TextDecoder().decode(bytes)) as ScreenHtml | null;
  }
  // A deep link's (?step=N): in memory, with its recording.
  const recording = await recordingOf(episodeId, v);
  let screens = screensOf.get(recording);
  if (!screens) screensOf.set(recording, (screens = new Map()));
  let screen = screens.get(turn);
  if (!screen) {
    if (screens.size >= KEPT_PER_RECORDING) screens.clear(); // ?step= is the viewer's to choose
    screens.set(turn, (screen = make(recording)));
  }
  return screen;
}

/**
 * Makes and keeps an episode's replay ahead of its first viewer (when it ends, say): its recording
 * with the snapshots to seek from, and the screen its page opens on.
 */
export async function warmReplay(prisma: Db, episodeId: string): Promise<void> {
  await madeScreen(prisma, episodeId, await listReplaySteps(prisma, episodeId, { observations: false }), undefined);
}

async function screenAt(bytes: Uint8Array, steps: readonly StepSpan[], turn: number | undefined): Promise<ScreenHtml | null> {
  const receiver = new RecordingReceiver();
  receiver.feed(bytes);
  receiver.end();
  const rec = receiver.recording;
  if (!rec || receiver.error) return null;
  const spans = rec.synthesized && rec.stepSpans ? rec.stepSpans.map(([castStart, castEnd]) => ({ castStart, castEnd })) : steps;
  const timeline = new Timeline(
    rec.events.map((e) => e[0]),
    spans,
  );
  const { pos } = transition(initialPlayback(), { type: "loaded", turn }, timeline);
  const term = new Terminal({ cols: rec.cols, rows: rec.rows, scrollback: 0, allowProposedApi: true });
  const addon = new SerializeAddon();
  term.loadAddon(addon as never);
  try {
    const seeker = new ScreenSeeker(xtermScreen(term), rec, rec.events, rec.snapshots, {
      loading: { lengths: receiver.lengths, load: (from, to) => receiver.load(from, to) },
    });
    await seeker.seek(pos);
    return screenHtmlOf(term, addon);
  } finally {
    term.dispose();
  }
}
