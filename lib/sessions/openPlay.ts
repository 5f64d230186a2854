import type { SessionManager, StartOptions } from "./SessionManager";
import type { ScreenHtml, SessionState } from "./protocol";
import { isPlayError } from "./PlayError";

// What the Play page opens with, decided while its HTML is rendered: a new episode from the warm
// pool (or the one named in the URL, after a reload) and its screen, so the prompt is in the page's
// first paint instead of waiting for the terminal's scripts (DESIGN.md: Play → first prompt ≤ 300 ms).

export type PlayOpening =
  | { episodeId: string; playerToken: string | null; screen: ScreenHtml | null; state: SessionState | null; error?: undefined }
  | { error: string; episodeId?: undefined; state?: undefined };

/** How long the page waits for the shell's first prompt before it renders without it. */
const PROMPT_WAIT_MS = 500;

export async function openPlay(sessions: SessionManager, start: Omit<StartOptions, "playerKind">, episodeId: string | null): Promise<PlayOpening> {
  if (episodeId) {
    // A reload, or someone watching: the player's token stays in the player's browser.
    const session = sessions.get(episodeId);
    return { episodeId, playerToken: null, screen: (await session?.screenHtml(0)) ?? null, state: session?.state() ?? null };
  }
  try {
    const started = await sessions.start({ ...start, playerKind: "human" });
    const screen = await started.session.screenHtml(PROMPT_WAIT_MS);
    return { episodeId: started.episodeId, playerToken: started.playerToken, screen, state: started.session.state() };
  } catch (err) {
    if (isPlayError(err)) return { error: err.message };
    throw err;
  }
}
