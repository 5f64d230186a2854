import { requireIdentity } from "../auth/access";
import { getLive, getPlateau } from "../runtime/context";
import { playerCookie, startPlay } from "./openPlay";
import { OnceByKey } from "./OnceByKey";

/** One episode per click: the form's key, per account (a double click posts twice). */
const starts = new OnceByKey<Awaited<ReturnType<typeof startPlay>>>();

// The Play form's POST: start an episode owned by the signed-in person and send the browser to it.
// The player's token goes in a cookie only that browser has (HttpOnly, this task's Play path).

export async function startPlayResponse(req: Request, taskIdParam: string): Promise<Response> {
  const who = requireIdentity(req);
  if (who instanceof Response) return who;
  const taskId = Number(taskIdParam);
  const back = (query: string) => new Response(null, { status: 303, headers: { location: `/play/${taskIdParam}?${query}` } });
  if (!Number.isInteger(taskId) || taskId < 1 || taskId >= 2 ** 31)
    return Response.json({ error: "task id must be a positive integer" }, { status: 400 });
  if (!getPlateau().sandbox.driver) return back(`error=${encodeURIComponent(`no sandbox: ${getPlateau().sandbox.reason}`)}`);
  const form = (req.headers.get("content-type") ?? "").includes("form") ? await req.formData().catch(() => null) : null;
  const once = String(form?.get("once") ?? "");
  const start = () =>
    startPlay(getLive().sessions, { taskId, owner: { userId: who.userId, role: who.role }, playerName: who.name });
  const started = /^[\w-]{8,64}$/.test(once) ? await starts.run(`${who.userId}:${taskId}:${once}`, start) : await start();
  if ("error" in started) {
    // A person's form gets the Play page saying why; a program gets the status (429 at a limit, 503 without a sandbox).
    const fromForm = (req.headers.get("accept") ?? "").includes("text/html");
    return fromForm && started.status !== 404
      ? back(`error=${encodeURIComponent(started.error)}`)
      : Response.json({ error: started.error }, { status: started.status });
  }
  return toPlayPage(taskId, started.episodeId, started.playerToken, fromPageScript(req));
}

/**
 * The page's own script sent the form (components/play/EpisodeForm.tsx): it asks for JSON and goes
 * where the answer says itself, without loading a new document.
 */
export const fromPageScript = (req: Request): boolean => (req.headers.get("accept") ?? "").includes("application/json");

/**
 * 303 to `location`, or `{ location, episodeId, playerToken }` for the page's script: `episodeId`
 * when the page it goes to has that episode's terminal (which takes the keys the page held
 * meanwhile), and the player's token, for the terminal's connection to attach as the player before
 * that page has come (the page that asked started the episode: the token is its own).
 */
export function goTo(
  location: string,
  inPage: boolean,
  to: { episodeId?: string; playerToken?: string; headers?: Record<string, string> } = {},
): Response {
  return inPage
    ? Response.json(
        { location, episodeId: to.episodeId ?? null, ...(to.playerToken && { playerToken: to.playerToken }) },
        { headers: to.headers },
      )
    : new Response(null, { status: 303, headers: { location, ...to.headers } });
}

/** To an episode's Play page, with the player's token in a cookie of that path for this browser only. */
export function toPlayPage(taskId: number, episodeId: string, playerToken: string, inPage: boolean): Response {
  const secure = getPlateau().origins.publicUrl.startsWith("https:") ? "; Secure" : "";
  const cookie = `${playerCookie(episodeId)}=${playerToken}; Path=/play/${taskId}; HttpOnly; SameSite=Strict${secure}`;
  return goTo(`/play/${taskId}?episode=${episodeId}`, inPage, { episodeId, playerToken, headers: { "set-cookie": cookie } });
}
