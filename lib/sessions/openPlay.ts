import type { SessionManager, StartOptions } from "./SessionManager";
import type { ScreenHtml, SessionState } from "./protocol";
import { isPlayError } from "./PlayError";

// How a person opens an episode: a POST starts it (startPlay; never a GET, so no link or image on
// another page can take a sandbox), then the Play page of that episode renders its screen
// (openPlay), so the prompt is in the page's first paint (DESIGN.md: Play → first prompt ≤ 300 ms).

export type PlayOpening =
  | { episodeId: string; playerToken: string | null; screen: ScreenHtml | null; state: SessionState | null; error?: undefined }
  | { error: string; episodeId?: undefined; state?: undefined };

/** How long the page waits for the shell's first prompt before it renders without it. */
const PROMPT_WAIT_MS = 500;

/** The cookie that tells the Play page (and only the browser that started it) the player's token. */
export const playerCookie = (episodeId: string) => `plateau_player_${episodeId}`;

export async function startPlay(
  sessions: SessionManager,
  start: Omit<StartOptions, "playerKind">,
): Promise<{ episodeId: string; playerToken: string } | { error: string; status: number }> {
  try {
    const started = await sessions.start({ ...start, playerKind: "human" });
    return { episodeId: started.episodeId, playerToken: started.playerToken };
  } catch (err) {
    if (isPlayError(err)) return { error: err.message, status: err.status };
    throw err;
  }
}

/** The Play page of a live episode: its screen (waiting briefly for the first prompt) and state. */
export async function openPlay(sessions: SessionManager, episodeId: string, playerToken: string | null): Promise<PlayOpening> {
  const session = sessions.get(episodeId);
  const token = playerToken && sessions.isPlayer(episodeId, playerToken) ? playerToken : null;
  return {
    episodeId,
    playerToken: token,
    screen: (await session?.screenHtml(token ? PROMPT_WAIT_MS : 0)) ?? null,
    state: session?.state() ?? null,
  };
}
