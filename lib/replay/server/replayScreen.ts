import headless from "@xterm/headless";
import serialize from "@xterm/addon-serialize";
import type { Db } from "../../db";
import type { ScreenHtml } from "../../sessions/protocol";
import { screenHtmlOf } from "../../sessions/screenHtml";
import { initialPlayback, transition } from "../playback";
import { ScreenSeeker } from "../ScreenSeeker";
import { Timeline } from "../Timeline";
import { RecordingReceiver } from "../wireFormat";
import type { StepSpan } from "../types";
import { loadReplayRecording } from "./loadReplayRecording";

const { Terminal } = headless as unknown as typeof import("@xterm/headless");
const { SerializeAddon } = serialize as unknown as typeof import("@xterm/addon-serialize");

/** Screens already made, by the recording's bytes (one object per version in the cache) and turn. */
const KEPT_PER_RECORDING = 32;
const screensOf = new WeakMap<Uint8Array, Map<string, Promise<ScreenHtml | null>>>();

/**
 * The screen a finished episode's replay opens on (`turn`, or before the first step), as HTML for
 * the page's first paint: the page's player takes over once it has drawn the same. Sought as the
 * page seeks (the nearest snapshot, then the events after it), in a headless terminal; made once
 * per version of the recording and turn. Null when there is no recording to show, or when it is
 * not made within `waitMs` (a recording no one has opened yet is computed first, which can take
 * seconds: the page does not wait for it, the next one has it).
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

async function madeScreen(
  prisma: Db,
  episodeId: string,
  steps: readonly StepSpan[],
  turn: number | undefined,
): Promise<ScreenHtml | null> {
  const bytes = await loadReplayRecording(prisma, episodeId);
  if (!bytes) return null;
  let screens = screensOf.get(bytes);
  if (!screens) screensOf.set(bytes, (screens = new Map()));
  const key = String(turn ?? "");
  let screen = screens.get(key);
  if (!screen) {
    if (screens.size >= KEPT_PER_RECORDING) screens.clear(); // ?step= is the viewer's to choose
    screens.set(key, (screen = screenAt(bytes, steps, turn)));
  }
  return screen;
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
    const seeker = new ScreenSeeker(
      {
        reset: () => term.reset(),
        resize: (c, r) => term.resize(c, r),
        write: (data) => new Promise<void>((resolve) => term.write(data, resolve)),
      },
      rec,
      rec.events,
      rec.snapshots,
      { loading: { lengths: receiver.lengths, load: (from, to) => receiver.load(from, to) } },
    );
    await seeker.seek(pos);
    return screenHtmlOf(term, addon);
  } finally {
    term.dispose();
  }
}
