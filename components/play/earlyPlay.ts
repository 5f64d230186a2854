// The Play page's inline script, run as soon as its HTML is parsed (long before the page's bundle):
// it keeps the episode across a reload at once (player token in this browser, episode in the URL)
// and holds the keys typed while the terminal's scripts load; the terminal sends them on attach.

declare global {
  interface Window {
    /** Keys typed before the terminal took over; null once it has. */
    __plateauEarlyInput?: string | null;
    /** The episode this page plays, as the inline script found it (the terminal's connection opens for it at once). */
    __plateauEarlyEpisode?: { id: string; token: string };
  }
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

/** Self-contained (only globals and `hold`, passed in): its source text is the inline script. */
function early(episodeId: string, playerToken: string | null, tokenPrefix: string, echoId: string, hold: typeof holdKeys): void {
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
}

export function earlyPlayScript(episodeId: string, playerToken: string | null): string {
  const args = [episodeId, playerToken, playerTokenKey(""), EARLY_INPUT_ID].map((a) =>
    JSON.stringify(a).replace(/</g, "\\u003c"),
  );
  return `(${early.toString()})(${args.join(",")},${holdKeys.toString()});`;
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
