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
  // The page's own script asks for JSON and goes there itself, without loading a new document.
  const inPage = (req.headers.get("accept") ?? "").includes("application/json");
  return toPlayPage(taskId, started.episodeId, started.playerToken, inPage);
}

/**
 * To an episode's Play page (a 303, or `{ location }` for the page's script), with the player's
 * token in a cookie of that path for this browser only.
 */
export function toPlayPage(taskId: number, episodeId: string, playerToken: string, inPage = false): Response {
  const secure = getPlateau().origins.publicUrl.startsWith("https:") ? "; Secure" : "";
  const location = `/play/${taskId}?episode=${episodeId}`;
  const cookie = `${playerCookie(episodeId)}=${playerToken}; Path=/play/${taskId}; HttpOnly; SameSite=Strict${secure}`;
  return inPage
    ? Response.json({ location }, { headers: { "set-cookie": cookie } })
    : new Response(null, { status: 303, headers: { location, "set-cookie": cookie } });
}
