"use client";
import { useEffect, useRef, useState } from "react";
import type { Terminal } from "@xterm/xterm";
import { PLAY_FONT_SIZE, TERMINAL_FONT } from "./terminalFont";
import { measureGlyphWidths, syncScrollbarPerFrame, syncTextAreaPerFrame } from "@/components/terminal/xtermInternals";
import { playEnded } from "@/lib/sessions/playStatus";
import { ClientEvents, ServerEvents, type EpisodeResult, type SessionState } from "@/lib/sessions/protocol";
import type { StepSummary } from "@/lib/episodes/step";
import type { ClientSocket } from "@/lib/runtime/socketEvents";
import { io } from "socket.io-client";
import { openSocket, takeAhead, whenOpen, type AheadConnection, type Episode } from "./liveConnection";
import { preloadTerminal, terminalModules, type TerminalModules } from "./terminalCode";

declare global {
  interface Window {
    __plateauTerm?: Terminal;
  }
}

// Acknowledged in steps of this much, and only then: what stays unacknowledged is far below what
// holds the terminal back (FlowControl: 512 KiB, resumed under 64 KiB), so a typed key costs no
// message beyond itself (a timer that acknowledged every remainder sent one per keystroke).
const ACK_BYTES = 16 * 1024;
// xterm loads apart from the page's first scripts: the first paint already shows the episode's
// screen (ScreenPreview), so it need not wait for it. It starts to download as soon as this module
// runs in the browser. On a live episode's page loaded as a document, the connection opened before
// the framework started (instrumentation-client.ts).
if (typeof window !== "undefined") preloadTerminal();

/** Play's xterm, opened in `box` and fitted to it. */
function buildTerminal(Terminal: TerminalModules[0]["Terminal"], FitAddon: TerminalModules[1]["FitAddon"], box: HTMLElement) {
  // A steady cursor: xterm's blink is a CSS animation that recomputes the page's styles every
  // frame, on every open Play page, whether anyone types or not.
  const term = new Terminal({
    cursorBlink: false,
    fontSize: PLAY_FONT_SIZE,
    ...TERMINAL_FONT,
    scrollback: 5000,
    theme: { background: "#0b0d11" },
  });
  const fit = new FitAddon();
  term.loadAddon(fit);
  term.open(box);
  const stopTextAreaSync = syncTextAreaPerFrame(term);
  fit.fit();
  measureGlyphWidths(term);
  const stopScrollbarSync = syncScrollbarPerFrame(term);
  return {
    term,
    fit,
    stop: () => {
      stopTextAreaSync();
      stopScrollbarSync();
    },
  };
}

/**
 * Once a page, in an idle moment before Start: a terminal built beside `near`, unseen, drawn and
 * dropped, so that the episode's own is built by code run before (a first build is cold: most of
 * the ~55 ms between Start and the terminal's screen).
 */
let warmed = false;
export function warmUpTerminal(near: HTMLElement): () => void {
  let cancelled = false;
  const whenIdle = (fn: () => void) =>
    typeof requestIdleCallback === "function" ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 200);
  void terminalModules().then(([{ Terminal }, { FitAddon }]) =>
    whenIdle(() => {
      if (warmed || cancelled || !near.isConnected) return;
      warmed = true;
      const box = document.createElement("div");
      box.style.cssText = "position:absolute;inset:0;visibility:hidden;pointer-events:none";
      box.setAttribute("aria-hidden", "true");
      near.appendChild(box);
      const { term, stop } = buildTerminal(Terminal, FitAddon, box);
      term.write("\x1b[1;32mplayer@plateau\x1b[0m:/$ ls\r\n", () => {
        stop();
        term.dispose();
        box.remove();
      });
    }),
  );
  return () => {
    cancelled = true;
  };
}

export interface LiveTerminal {
  state: SessionState | null;
  steps: StepSummary[];
  result: EpisodeResult | null;
  error: string | null;
  connected: boolean;
  /** The terminal shows the episode's screen (until then, the page's first-paint copy stands in). */
  drawn: boolean;
  submit(): void;
  skip(): void;
}

interface Live {
  term: Terminal;
  socket: ClientSocket;
  /** Whom to attach as, once known; re-sent on every (re)connect. */
  episode: Episode | null;
  /**
   * The connection opened ahead, until the first attach: if it asked to attach as it opened (also
   * after the terminal took it), the terminal only sends its size.
   */
  ahead: AheadConnection | null;
  /** Whom this connection is attached as (asked), until it disconnects. */
  attachedAs: Episode | null;
}

/**
 * An xterm bound to a live episode over socket.io: keystrokes out, output in, acknowledged for flow
 * control. Keys typed before it is attached (the first ones held by the page's inline script) are
 * sent on attach.
 */
export function useLiveTerminal(
  container: React.RefObject<HTMLDivElement | null>,
  episodeId: string | null,
  playerToken: string | null,
  initialState: SessionState | null = null,
): LiveTerminal {
  const liveRef = useRef<Live | null>(null);
  const [state, setState] = useState<SessionState | null>(initialState);
  const [steps, setSteps] = useState<StepSummary[]>([]);
  const [result, setResult] = useState<EpisodeResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const wanted = episodeId !== null;

  const episodeRef = useRef<Live["episode"]>(null);
  episodeRef.current = episodeId ? { id: episodeId, token: playerToken } : null;

  useEffect(() => {
    if (!wanted) return;
    let cleanup: (() => void) | null = null;
    let disposed = false;
    const start = ([{ Terminal }, { FitAddon }]: TerminalModules, box: HTMLDivElement): (() => void) => {
      // Marks of the way to the first prompt (bench/terminal.ts reports them).
      performance.mark("plateau:play-mounted");
      const taken = takeAhead(io);
      const socket = taken?.socket ?? openSocket(io);
      // Built once the connection is open (whenOpen). Either way the handlers are set before the
      // server can answer: the request to join goes out in the open's own task, before this runs.
      const terminalOn = (): (() => void) => {
        const { term, fit, stop: stopTerminalSync } = buildTerminal(Terminal, FitAddon, box);
        window.__plateauTerm = term;
        performance.mark("plateau:play-terminal");
        // Keys wait here until the server has attached this terminal (its screen came): sent before,
        // they reached a connection the session did not know yet and were lost (a connection slow
        // to open, a reconnect). The first ones were typed before the terminal loaded.
        let held = window.__plateauEarlyInput ?? "";
        window.__plateauEarlyInput = null; // the terminal takes the keys from here on
        let attached = false;
        const live: Live = { term, socket, episode: episodeRef.current, ahead: taken, attachedAs: null };
        liveRef.current = live;
        let unacked = 0;
        const onConnect = () => {
          performance.mark("plateau:play-connected");
          setConnected(true);
          attach(live);
        };
        socket.on("connect", onConnect);
        if (socket.connected) onConnect(); // opened ahead
        socket.on("disconnect", () => {
          attached = false;
          live.ahead = null;
          live.attachedAs = null;
          setConnected(false);
        });
        socket.on(ServerEvents.screen, (screen: string) => {
          performance.mark("plateau:play-screen");
          term.reset();
          term.write(screen, () => setDrawn(true));
          attached = true;
          if (held) socket.emit(ClientEvents.input, held);
          held = "";
        });
        socket.on(ServerEvents.output, (data: string) => {
          term.write(data, () => {
            unacked += data.length;
            if (unacked >= ACK_BYTES) {
              socket.emit(ClientEvents.ack, unacked);
              unacked = 0;
            }
          });
        });
        socket.on(ServerEvents.state, (s: SessionState) => {
          // Once the episode is over, keys would go nowhere: the terminal stops taking them.
          if (playEnded(s.status)) term.options.disableStdin = true;
          setState(s);
        });
        socket.on(ServerEvents.step, (s: StepSummary) => {
          setSteps((prev) => (prev.some((p) => p.index === s.index) ? prev : [...prev, s]));
          // A step is announced once its command has finished: nothing runs until the next one starts
          // (the session's last state still said busy, as it is sent before the prompt comes back).
          setState((prev) => (prev?.busy ? { ...prev, busy: false } : prev));
        });
        socket.on(ServerEvents.result, (r: EpisodeResult) => {
          term.options.disableStdin = true;
          setResult(r);
        });
        socket.on(ServerEvents.error, (m: string) => setError(m));
        const input = term.onData((d) => {
          if (attached) socket.emit(ClientEvents.input, d);
          else held += d;
        });
        const resize = term.onResize(({ cols, rows }) => socket.emit(ClientEvents.resize, { cols, rows }));
        taken?.replayQueued(); // the screen first: the keys held meanwhile follow it
        const observer = new ResizeObserver(() => fit.fit());
        observer.observe(box);
        term.focus();
        return () => {
          observer.disconnect();
          input.dispose();
          resize.dispose();
          socket.disconnect();
          liveRef.current = null;
          if (window.__plateauTerm === term) window.__plateauTerm = undefined;
          stopTerminalSync();
          term.dispose();
        };
      };
      let stopTerminal: (() => void) | null = null;
      const cancelBuild = whenOpen(socket, () => (stopTerminal = terminalOn()));
      return () => {
        cancelBuild();
        if (stopTerminal) stopTerminal();
        else socket.disconnect();
      };
    };
    terminalModules().then(
      (modules) => {
        if (!disposed && container.current) cleanup = start(modules, container.current);
      },
      (err: Error) => {
        if (!disposed) setError(`the terminal could not load: ${err.message}`); // the next mount tries again
      },
    );
    return () => {
      disposed = true;
      cleanup?.();
    };
  }, [container, wanted]);

  useEffect(() => {
    const live = liveRef.current;
    if (!live || !episodeId) return;
    live.episode = { id: episodeId, token: playerToken };
    attach(live);
  }, [episodeId, playerToken, wanted]);

  return {
    state,
    steps,
    result,
    error,
    connected,
    drawn,
    submit: () => liveRef.current?.socket.emit(ClientEvents.submit),
    skip: () => liveRef.current?.socket.emit(ClientEvents.skip),
  };
}

/**
 * Attach once both the connection and the episode are there (whichever comes last sends it). Already
 * attached as this episode's player, it sends only its size: also while the page has not read the
 * token yet that its inline script found and attached with (a reload), which it is about to.
 */
function attach(live: Live): void {
  const { socket, term, episode } = live;
  if (!socket.connected || !episode) return;
  const as = live.attachedAs ?? live.ahead?.attached ?? null;
  live.ahead = null;
  const size = { cols: term.cols, rows: term.rows };
  if (as?.id === episode.id && (as.token === episode.token || (episode.token === null && as.token !== null))) {
    live.attachedAs = as;
    return void socket.emit(ClientEvents.resize, size);
  }
  live.attachedAs = episode;
  socket.emit(ClientEvents.attach, { episodeId: episode.id, playerToken: episode.token ?? undefined, ...size });
}
