// The Play page's inline script, run as soon as its HTML is parsed (long before the page's bundle):
// it keeps the episode across a reload at once (player token in this browser, episode in the URL)
// and holds the keys typed while the terminal's scripts load; the terminal sends them on attach.

declare global {
  interface Window {
    /** Keys typed before the terminal took over; null once it has. */
    __plateauEarlyInput?: string | null;
    /** The episode this page plays, as the inline script found it (the terminal's connection opens for it at once). */
    __plateauEarlyEpisode?: { id: string; token: string };
    /** The terminal's WebSocket, opened by the inline script; its connection takes it once (take()). */
    __plateauEarlySocket?: EarlySocket;
  }
}

/** A WebSocket to socket.io opened before the page's scripts, and what came on it meanwhile. */
export interface EarlySocket {
  /** Hands it over, once: no longer read here. `connectSent`: it asked to join as it opened. */
  take(): { ws: WebSocket; held: string[]; connectSent: boolean };
}

export const playerTokenKey = (episodeId: string) => `plateau.player.${episodeId}`;
export const EARLY_INPUT_ID = "plateau-early-input";

/**
 * Holds the keys typed until the terminal takes them (it sets __plateauEarlyInput to null), echoing
 * on the first-paint screen what a shell would: printable keys, and backspace over them.
 * Self-contained (only globals): its source text is part of the inline script.
 */
function holdKeys(echoId: string): void {
  window.__plateauEarlyInput = "";
  const keys: Record<string, string> = { Enter: "\r", Backspace: "\x7f", Tab: "\t", Escape: "\x1b" };
  const onKey = (e: KeyboardEvent) => {
    const held = window.__plateauEarlyInput;
    if (held == null) return document.removeEventListener("keydown", onKey, true);
    const plain = e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;
    const ctrl = e.ctrlKey && !e.metaKey && /^[a-z]$/i.test(e.key);
    const data = plain ? e.key : ctrl ? String.fromCharCode(e.key.toUpperCase().charCodeAt(0) - 64) : keys[e.key];
    if (!data) return;
    e.preventDefault();
    window.__plateauEarlyInput = held + data;
    const echo = document.getElementById(echoId);
    if (echo)
      echo.textContent = data === "\x7f" ? echo.textContent!.slice(0, -1) : plain ? echo.textContent + data : echo.textContent;
  };
  document.addEventListener("keydown", onKey, true);
}

/**
 * Opens the terminal's WebSocket to socket.io (engine.io v4, text frames) and, as it opens, asks to
 * join the namespace attached to the episode (socket.io's CONNECT with the `attach` the server reads
 * from a handshake): the server's answer and the screen wait in `held` until socket.io's client, in
 * the page's scripts, takes the socket over (liveConnection.ts). Self-contained (only globals).
 */
function openSocket(attach: { episodeId: string; playerToken: string }): void {
  const ws = new WebSocket(
    `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/socket.io/?EIO=4&transport=websocket`,
  );
  const held: string[] = [];
  let connectSent = false;
  const onMessage = (e: MessageEvent) => held.push(String(e.data));
  const onOpen = () => {
    ws.send("40" + JSON.stringify({ attach }));
    connectSent = true;
  };
  ws.addEventListener("message", onMessage);
  ws.addEventListener("open", onOpen);
  const handle = (window.__plateauEarlySocket = {
    take() {
      delete window.__plateauEarlySocket;
      clearTimeout(unused);
      ws.removeEventListener("message", onMessage);
      ws.removeEventListener("open", onOpen);
      return { ws, held, connectSent };
    },
  });
  // A page whose terminal never came (its scripts failed) does not keep the episode's screen coming.
  const unused = setTimeout(() => handle.take().ws.close(), 15_000);
}

/** Self-contained (only globals and the functions passed in): its source text is the inline script. */
function early(
  episodeId: string,
  playerToken: string | null,
  tokenPrefix: string,
  echoId: string,
  hold: typeof holdKeys,
  connect: typeof openSocket,
): void {
  const url = new URL(location.href);
  if (playerToken) {
    localStorage.setItem(tokenPrefix + episodeId, playerToken);
    url.searchParams.set("episode", episodeId);
    history.replaceState(history.state, "", url);
  }
  const token = localStorage.getItem(tokenPrefix + episodeId);
  if (!token) return; // a spectator types nothing
  window.__plateauEarlyEpisode = { id: episodeId, token };
  hold(echoId);
  connect({ episodeId, playerToken: token });
}

export function earlyPlayScript(episodeId: string, playerToken: string | null): string {
  const args = [episodeId, playerToken, playerTokenKey(""), EARLY_INPUT_ID].map((a) =>
    JSON.stringify(a).replace(/</g, "\\u003c"),
  );
  return `(${early.toString()})(${args.join(",")},${holdKeys.toString()},${openSocket.toString()});`;
}

/**
 * Start was pressed and the episode opens in this document (no inline script runs then): keys typed
 * until its terminal is built are held as the inline script holds them. The returned function lets
 * them go (the start failed).
 */
export function holdEarlyKeys(): () => void {
  holdKeys(EARLY_INPUT_ID);
  return () => {
    if (window.__plateauEarlyInput != null) window.__plateauEarlyInput = null;
  };
}
