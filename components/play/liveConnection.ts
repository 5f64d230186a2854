import type { io } from "socket.io-client";
import { ClientEvents } from "@/lib/sessions/protocol";
import type { ClientSocket } from "@/lib/runtime/socketEvents";
import type { AttachMessage } from "@/lib/sessions/messages";
import { preloadTerminal } from "./terminalCode";
import { EarlyWebSocket } from "./earlyWebSocket";

// The live terminal's connection, opened ahead of the terminal: on Start (the POST is on its way),
// or while a live episode's page loads (before the framework hydrates it). socket.io's client is
// passed in, not imported: this module runs on every page before hydration (instrumentation-client.ts),
// and only Play's pages load socket.io (their own scripts have it).

/** socket.io's `io`. */
export type SocketClient = typeof io;

/**
 * `attach`: what the connection asks as it opens (only the first time), before any message.
 * `early`: the connection of the live episode whose page was loaded as a document; its inline
 * script has opened its WebSocket already (earlyPlay.ts), which is taken over.
 */
export const openSocket = (io: SocketClient, attach?: () => AttachMessage | null, early = false): ClientSocket =>
  io({
    transports: early ? [EarlyWebSocket] : ["websocket"],
    ...(attach && { auth: (cb) => cb({ attach: attach() ?? undefined }) }),
  });

export type Episode = { id: string; token: string | null };

/** The longest a terminal waits for its connection to open before it is built anyway. */
const OPEN_WAIT_MS = 150;

/**
 * Runs `build` once the connection is open (or at most OPEN_WAIT_MS on): xterm builds its screen
 * (~25 ms of the page's thread) after the connection has sent its request to join, so the server
 * checks who is asking meanwhile; built first, it held the handshake up. Returns what cancels it.
 */
export function whenOpen(socket: ClientSocket, build: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(waiting);
    socket.io.off("open", run);
    build();
  };
  const waiting = setTimeout(run, socket.io._readyState === "open" ? 0 : OPEN_WAIT_MS);
  socket.io.once("open", run);
  return () => {
    done = true;
    clearTimeout(waiting);
    socket.io.off("open", run);
  };
}

/**
 * The terminal's connection, opened before the terminal is built and attached to its episode as
 * soon as that is known: the screen is on its way while the terminal is still being made. What the
 * server sends meanwhile is kept, in order, for the terminal to handle once it takes the connection
 * (`take`). Closed if no terminal takes it within AHEAD_MS.
 */
export class AheadConnection {
  readonly socket: ClientSocket;
  private episode: Episode | null = null;
  /** The episode it attached to (without a size: the terminal sends its own once built). */
  attached: Episode | null = null;
  private queued: [string, unknown[]][] = [];
  private expire = setTimeout(() => this.close(), AHEAD_MS);

  constructor(io: SocketClient, early: boolean) {
    // Attached as the connection opens when the episode is known by then (a page loading), or by
    // a message once it is (Start answered).
    this.socket = openSocket(io, () => this.attachment(), early);
    this.socket.onAny((event: string, ...args: unknown[]) => this.queued.push([event, args]));
    this.socket.once("connect", () => this.attachByMessage());
  }

  /** The episode is known (Start answered): the connection attaches to it. */
  attach(episode: Episode): void {
    this.episode = episode;
    this.attachByMessage();
  }

  /** No terminal comes (the start failed): the connection closes. */
  close(): void {
    clearTimeout(this.expire);
    this.socket.disconnect();
    if (ahead === this) ahead = null;
  }

  /** Once the terminal's listeners are set: what came before is handed to them, in order. */
  replayQueued(): void {
    this.socket.offAny();
    for (const [event, args] of this.queued)
      for (const listener of this.socket.listeners(event as never) as ((...xs: unknown[]) => void)[]) listener(...args);
    this.queued = [];
  }

  /** The terminal takes the connection: it no longer closes by itself, nor attaches. */
  take(): void {
    clearTimeout(this.expire);
    if (ahead === this) ahead = null;
  }

  /** Only while no terminal has taken it: the terminal attaches itself once connected. */
  private attachByMessage(): void {
    const msg = ahead === this && this.socket.connected && this.attachment();
    if (msg) this.socket.emit(ClientEvents.attach, msg);
  }

  /**
   * Once only: the terminal attaches itself on a reconnect. As the connection opens, also when a
   * terminal took it before (a page that mounted first): it then only sends its size.
   */
  private attachment(): AttachMessage | null {
    const { episode } = this;
    if (!episode || this.attached) return null;
    this.attached = episode;
    return { episodeId: episode.id, playerToken: episode.token ?? undefined };
  }
}

let ahead: AheadConnection | null = null;
const AHEAD_MS = 15_000;

/** Opens the terminal's connection ahead of the terminal (xterm's code may still be loading). */
export function connectAhead(io: SocketClient, early = false): AheadConnection {
  ahead?.close(); // one Start at a time: the last one's terminal is the one to come
  preloadTerminal();
  return (ahead = new AheadConnection(io, early));
}

/** A terminal has started in this document (it took the connection opened ahead, or found none). */
let terminalStarted = false;

/**
 * The connection opened ahead, if any and still untaken, for a terminal to take. A live episode's
 * page whose terminal comes before instrumentation-client.ts has opened it opens it now.
 */
export function takeAhead(io: SocketClient): AheadConnection | null {
  const episode = window.__plateauEarlyEpisode;
  if (episode) connectEarly(io, episode);
  terminalStarted = true;
  const a = ahead;
  a?.take();
  return a;
}

/**
 * A live episode's page loaded as a document (its inline script found the player's token): the
 * connection opens and asks to attach now, while the framework starts, so that the screen is in
 * when the page builds its terminal. Nothing if that terminal has started already (this came late).
 */
export function connectEarly(io: SocketClient, episode: Episode): void {
  if (!terminalStarted && !ahead) connectAhead(io, true).attach(episode);
}
