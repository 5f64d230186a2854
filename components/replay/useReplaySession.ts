"use client";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import { Terminal } from "@xterm/xterm";
import { replayTerminal, replayTerminalOptions } from "./replayTerminal";
import type { TerminalFit } from "@/lib/replay/fittingFontSize";
// Modules, not the lib/replay index: the page loads only what it uses (socket.io and zod only when live).
import { Player, type Clock, type PlayerView } from "@/lib/replay/Player";
import { xtermScreen } from "@/lib/replay/ScreenSeeker";
import type { ReplayStep, ScreenEvent, StepSpan } from "@/lib/replay/types";
import type { LiveEvent } from "@/lib/replay/liveProtocol";
import type { LiveStep } from "@/lib/episodes/step";
import type { SpectateStatus } from "@/lib/replay/spectateClient";
import { SeqMerger } from "@/lib/replay/SeqMerger";
import type { EpisodeForReplay } from "@/lib/episodes/getEpisodeForReplay";
import { RecordingReceiver, recordingUrl, restOfRecordingUrl } from "@/lib/replay/wireFormat";

export interface ReplaySession {
  episode: EpisodeForReplay;
  term: Terminal | null;
  player: Player | null;
  view: PlayerView | null;
  steps: ReplayStep[];
  /** Observations arrive after the page is interactive; until then steps have an empty one. */
  outputs: boolean;
  synthesized: boolean;
  error: string | null;
  /** Spectating: the connection's state (null when the episode is not live). */
  live: { status: SpectateStatus; detail?: string } | null;
}

const rafClock: Clock = {
  now: () => performance.now(),
  frame: (fn) => {
    const id = requestAnimationFrame(() => fn());
    return () => cancelAnimationFrame(id);
  },
};

/** Once a page: the seeks' code is then warm for every player on it (Player.rehearse). */
let rehearsed = false;
function rehearseOnce(p: Player, beside: Terminal): void {
  const parent = beside.element?.parentElement;
  if (rehearsed || !parent) return;
  rehearsed = true;
  // Drawn as well, unseen: the renderer's code is a good part of a cold seek.
  const box = document.createElement("div");
  box.style.cssText = "position:absolute;top:0;left:0;visibility:hidden;pointer-events:none";
  box.setAttribute("aria-hidden", "true");
  parent.appendChild(box);
  const scratch = new Terminal(replayTerminalOptions(beside, beside.options.fontSize ?? 13));
  scratch.open(box);
  void p
    .rehearse(xtermScreen(scratch), idleMoment)
    .catch(() => {}) // a rehearsal cut short (the page closed) costs nothing
    .finally(() => {
      scratch.dispose();
      box.remove();
      performance.mark("plateau:replay-rehearsed");
    });
}

const idleMoment = () =>
  new Promise<void>((resolve) =>
    typeof requestIdleCallback === "function" ? requestIdleCallback(() => resolve(), { timeout: 1000 }) : setTimeout(resolve, 50),
  );

const spanOf = (s: Pick<ReplayStep, "castStart" | "castEnd">): StepSpan => ({ castStart: s.castStart, castEnd: s.castEnd });

async function getJson<T>(url: string, signal: AbortSignal): Promise<T> {
  const res = await fetch(url, { signal });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(body?.error ?? `${url}: ${res.status} ${res.statusText}`);
  return body as T;
}

/** Bytes of the recording read between two turns of the page's event loop. */
const READ_PER_TURN = 1 << 20;

/** Resolves in a later task (a message, not a timer: nested timers are held back 4 ms each). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

async function bodyOf(url: string, signal: AbortSignal): Promise<ReadableStreamDefaultReader<Uint8Array>> {
  const res = await fetch(url, { signal });
  if (!res.ok || !res.body)
    throw new Error((await res.json().catch(() => null))?.error ?? `${url}: ${res.status} ${res.statusText}`);
  return res.body.getReader();
}

/** Feeds a body to the receiver, yielding to the page every READ_PER_TURN bytes. */
async function pump(reader: ReadableStreamDefaultReader<Uint8Array>, receiver: RecordingReceiver, headed: () => void) {
  let read = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    receiver.feed(value);
    if (receiver.recording || receiver.error) headed();
    // A preloaded body is all there: read in one go (each read resolves at once, in microtasks),
    // it would hold the first screen back until its last byte. The page renders in between.
    read += value.length;
    if (read >= READ_PER_TURN) {
      read = 0;
      await nextTask();
    }
  }
}

/**
 * Starts reading the recording and resolves as soon as its header is in (every event's time and
 * length, where the snapshots are): the page is drawn while the bytes stream in behind it. A
 * finished episode's rest is asked for once `held` resolves (the first screen is shown), or
 * as soon as a seek needs it.
 */
async function openRecording(id: string, live: boolean, signal: AbortSignal, held: Promise<void>): Promise<RecordingReceiver> {
  const receiver = new RecordingReceiver();
  let headed!: () => void;
  const head = new Promise<void>((resolve) => (headed = resolve));
  const wanted = new Promise<void>((resolve) => (receiver.onWant = resolve));
  void (async () => {
    await pump(await bodyOf(recordingUrl(id, live), signal), receiver, headed);
    if (receiver.recording && !receiver.complete) {
      await Promise.race([held, wanted]);
      await pump(await bodyOf(restOfRecordingUrl(id, receiver.bytesIn, receiver.size), signal), receiver, headed);
    }
    receiver.end();
  })()
    .catch((err: Error) => receiver.fail(err))
    .finally(() => headed());
  await head;
  if (!receiver.recording) throw receiver.error ?? new Error(`episode ${id}: no recording`);
  return receiver;
}

const noSubscribe = () => () => {};
const noView = () => null;

/**
 * One episode's replay on `term`: loads its recording and steps, runs the Player, and for an
 * episode being played, spectates it (socket.io push): new output and steps as they happen.
 */
export function useReplaySession(
  initial: EpisodeForReplay,
  initialTurn: number | undefined,
  box: React.RefObject<HTMLDivElement | null>,
  opts: {
    fit?: TerminalFit;
    /** The steps without their observations, when the page came with them (else they are loaded). */
    steps?: ReplayStep[];
  } = {},
): ReplaySession {
  const fit = opts.fit ?? "window";
  const [term, setTerm] = useState<Terminal | null>(null);
  const [episode, setEpisode] = useState(initial);
  const [player, setPlayer] = useState<Player | null>(null);
  const [steps, setSteps] = useState<ReplayStep[]>(opts.steps ?? []);
  const givenSteps = useRef(opts.steps);
  const [outputs, setOutputs] = useState(false);
  const [synthesized, setSynthesized] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState<ReplaySession["live"]>(null);
  const turnRef = useRef(initialTurn);
  const id = initial.id;
  const isLive = initial.status === "active";

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ac = new AbortController();
    let release!: () => void;
    const shown = new Promise<void>((resolve) => (release = resolve));
    // The recording is preloaded with the page's HTML: this fetch takes it over. The steps came
    // with the page, or are loaded beside it.
    const given = givenSteps.current;
    const loading = Promise.all([
      openRecording(id, isLive, ac.signal, shown),
      given ? { steps: given } : getJson<{ steps: ReplayStep[] }>(`/api/episodes/${id}/steps?output=0`, ac.signal),
    ]);
    loading.catch(() => {});
    let screenTerm: ReturnType<typeof replayTerminal> | null = null;
    let p: Player | null = null;
    let sub: { dispose(): void } | null = null;
    let merger = new SeqMerger(-1);
    let repair: ReturnType<typeof setTimeout> | null = null;
    let repairs = 0;
    let known: ReplayStep[] = [];
    // A synthesized recording places the steps itself (stepSpans); stored steps have no cast times then.
    let stepsPlaceThemselves = true;

    const upsertSteps = (incoming: ReplayStep[]) => {
      if (!incoming.length) return;
      const next = known.slice();
      for (const s of incoming) next[s.index] = s;
      known = next.filter(Boolean);
      if (stepsPlaceThemselves) p?.setSteps(incoming.map((s) => [s.index, spanOf(s)] as const));
      setSteps(known);
    };
    const apply = (events: LiveEvent[]) => {
      const screen = events.filter((e) => e.code === "o" || e.code === "r");
      p?.append(screen.map((e): ScreenEvent => [e.time, e.code as "o" | "r", e.data]));
    };
    const loadAfter = async () =>
      (await getJson<{ events: LiveEvent[] }>(`/api/episodes/${id}/events?after=${merger.lastSeq}`, ac.signal)).events;
    // Pushed events can overtake the database (it stores them in short batches): a hole in the seqs
    // is filled from the database a moment later, or skipped after a few tries.
    const take = (events: LiveEvent[]) => {
      apply(merger.push(events));
      if (!merger.hasHole || repair) return;
      repair = setTimeout(async () => {
        repair = null;
        const more = await loadAfter().catch(() => []);
        if (ac.signal.aborted) return;
        apply(merger.push(more));
        if (!merger.hasHole) repairs = 0;
        else if (++repairs >= 10) {
          repairs = 0;
          apply(merger.skipHole());
        } else take([]);
      }, 60);
    };

    // The episode ended: stop following, and load its final status, scores, steps and output.
    const finish = async () => {
      p?.ended();
      const [ep, all, more] = await Promise.all([
        getJson<EpisodeForReplay>(`/api/episodes/${id}`, ac.signal),
        getJson<{ steps: ReplayStep[] }>(`/api/episodes/${id}/steps`, ac.signal),
        loadAfter(),
      ]).catch(() => [null, null, null] as const);
      if (ep) setEpisode(ep);
      if (all) upsertSteps(all.steps);
      if (more) apply([...merger.push(more), ...merger.skipHole()]);
    };

    (async () => {
      const [receiver, loaded] = await loading;
      if (ac.signal.aborted) return;
      performance.mark("plateau:replay-loaded");
      const rec = receiver.recording!;
      // Made at the recording's size: resizing a terminal that is on the page costs a restyle.
      screenTerm = replayTerminal(el, rec, fit);
      const term = screenTerm.term;
      merger = new SeqMerger(rec.lastSeq);
      stepsPlaceThemselves = !rec.synthesized;
      known = loaded.steps;
      const spans =
        rec.synthesized && rec.stepSpans
          ? rec.stepSpans.map(([castStart, castEnd]) => ({ castStart, castEnd }))
          : known.map(spanOf);
      p = new Player({
        recording: rec,
        steps: spans,
        live: isLive,
        screen: xtermScreen(term),
        clock: rafClock,
        turn: turnRef.current,
        loading: { lengths: receiver.lengths, load: (from, to) => receiver.load(from, to) },
      });
      void receiver.whenLoaded(rec.events.length).then(
        () => performance.mark("plateau:replay-complete"),
        (err: Error) => !ac.signal.aborted && setError(err.message),
      );
      // The step list, timeline and controls are drawn in this task, while the player seeks its
      // first screen: scheduled, that render came after the seek and the first reads of the rest.
      flushSync(() => {
        setTerm(term);
        setSynthesized(rec.synthesized);
        setSteps(known);
        setPlayer(p);
      });
      // The rest of the recording once the first screen is shown; then, in idle moments, the seeks rehearsed.
      void p.settled().then(() => requestAnimationFrame(() => release()));
      void p.settled().then(() => rehearseOnce(p!, term));
      // Then the observations (megabytes for long outputs), for the step detail and search.
      void p
        .settled()
        .then(() => getJson<{ steps: ReplayStep[] }>(`/api/episodes/${id}/steps`, ac.signal))
        .then((full) => {
          upsertSteps(full.steps);
          setOutputs(true);
          performance.mark("plateau:replay-outputs");
        })
        .catch((err: Error) => !ac.signal.aborted && setError(err.message));
      if (!isLive) return;
      const { spectate } = await import("@/lib/replay/spectateClient");
      if (ac.signal.aborted) return;
      sub = spectate(id, {
        catchUp: async () => {
          const [more, fresh] = await Promise.all([
            loadAfter(),
            getJson<{ steps: ReplayStep[] }>(`/api/episodes/${id}/steps?from=${Math.max(0, known.length - 1)}`, ac.signal),
          ]);
          take(more);
          upsertSteps(fresh.steps);
        },
        onEvents: take,
        onStep: (s: LiveStep) => upsertSteps([s]),
        onEnded: () => {
          setLive(null);
          void finish();
        },
        onStatus: (status, detail) => {
          setLive({ status, detail });
          // Marked active but not played here (it just ended, or the server restarted): show what is stored.
          if (status === "not-live") void finish();
        },
      });
    })().catch((err: Error) => {
      if (!ac.signal.aborted) setError(err.message);
    });

    return () => {
      ac.abort();
      if (repair) clearTimeout(repair);
      sub?.dispose();
      p?.dispose();
      screenTerm?.dispose();
      setPlayer(null);
      setTerm(null);
    };
  }, [box, id, isLive, fit]);

  const view = useSyncExternalStore(player?.subscribe ?? noSubscribe, player?.getView ?? noView, noView);
  return { episode, term, player, view, steps, outputs, synthesized, error, live };
}
