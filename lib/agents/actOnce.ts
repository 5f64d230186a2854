import type { ActionResult } from "../sessions/LiveSession";
import type { EpisodeResult } from "../sessions/protocol";
import type { EpisodeSession } from "./playEpisode";

// Type one action into a live session and wait for its step — or learn that the episode ended.
// An incomplete action (an unclosed quote) is answered by the session at bash's continuation
// prompt; a command that still never finishes, even after the session's Ctrl-C and kill, ends the
// episode as an error instead of hanging.

/** wallMs: the whole call; sessionMs: inside session.runAction (typing, the shell, the command, the marks). */
export type Acted =
  { kind: "step"; r: ActionResult; wallMs: number; sessionMs: number } | { kind: "ended"; result: EpisodeResult };

export const HANG_GRACE_MS = 5_000;

export async function actOnce(
  session: EpisodeSession,
  action: string,
  timeoutMs: number,
  graceMs = HANG_GRACE_MS,
): Promise<Acted> {
  const t0 = performance.now();
  let t1 = t0;
  let t2 = t0;
  let r: ActionResult | null;
  try {
    await untilIdle(session);
    t1 = performance.now();
    r = await withDeadline(session.runAction(action, timeoutMs), timeoutMs + graceMs);
    t2 = performance.now();
  } catch (err) {
    if (session.finalResult) return { kind: "ended", result: session.finalResult };
    throw err;
  }
  if (!r) {
    const result = await session.end("error", `the action did not finish within ${timeoutMs} ms, even after Ctrl-C and a kill`);
    return { kind: "ended", result };
  }
  if (r.done || !r.step)
    return {
      kind: "ended",
      result: r.result ?? session.finalResult ?? (await session.end("error", "the action ended the episode")),
    };
  return { kind: "step", r, wallMs: performance.now() - t0, sessionMs: t2 - t1 };
}

/**
 * A step is handed back when the command's end mark arrives; the prompt that follows may come in a
 * later chunk (after a Ctrl-C it often does), and until then the session refuses the next action.
 */
async function untilIdle(session: EpisodeSession, maxMs = 3_000): Promise<void> {
  const t0 = Date.now();
  while (session.state().busy && !session.finalResult && Date.now() - t0 < maxMs) await new Promise((r) => setTimeout(r, 1));
}

export function withDeadline<T>(p: Promise<T>, ms: number): Promise<T | null> {
  return new Promise<T | null>((resolve, reject) => {
    const timer = setTimeout(() => resolve(null), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
