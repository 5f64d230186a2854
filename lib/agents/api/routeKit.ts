import type { ZodType } from "zod";
import { getPlateau } from "../../runtime/context";
import { badRequest } from "../../runtime/http";
import { requireApiToken } from "../../auth/requireApiToken";
import type { SessionManager } from "../../sessions/SessionManager";
import { ApiEpisodes } from "./ApiEpisodes";
import type { ApiAnswer, ApiDeps } from "./episodesApi";

// What every session-API route does before and after its one call: check the token, find the
// services, read and validate JSON, and turn the answer (or an unexpected fault) into a Response.

export function apiDeps(): ApiDeps | Response {
  const p = getPlateau();
  const sessions = p.services.get("sessions") as SessionManager | undefined;
  if (!sessions) return Response.json({ error: `live sessions are not running: ${p.sandbox.reason}` }, { status: 503 });
  let episodes = p.services.get("agentApiEpisodes") as ApiEpisodes | undefined;
  if (!episodes) {
    episodes = new ApiEpisodes();
    p.services.set("agentApiEpisodes", episodes);
  }
  return { prisma: p.prisma, sessions, episodes };
}

export async function readBody<T>(req: Request, schema: ZodType<T>): Promise<T | Response> {
  const text = await req.text();
  let json: unknown;
  try {
    json = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    return badRequest("the request body is not valid JSON");
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : badRequest(parsed.error);
}

/** Authenticate, then run `fn`; any answer becomes JSON, any unexpected fault a 500 with its message. */
export async function withToken(req: Request, fn: (tokenId: string, deps: ApiDeps) => Promise<ApiAnswer | Response>): Promise<Response> {
  const who = await requireApiToken(req);
  if (who instanceof Response) return who;
  const deps = apiDeps();
  if (deps instanceof Response) return deps;
  try {
    const a = await fn(who.tokenId, deps);
    return a instanceof Response ? a : Response.json(a.body, { status: a.status });
  } catch (err) {
    console.error("plateau: session API:", err);
    return Response.json({ error: `internal error: ${(err as Error).message}` }, { status: 500 });
  }
}
