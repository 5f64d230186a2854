import type { ZodType } from "zod";
import { getPlateau } from "../../runtime/context";
import { badRequest } from "../../runtime/http";
import { identityFromHeaders } from "../../auth/requestIdentity";
import { isStaff } from "../../auth/roles";
import type { Identity } from "../../auth/identity";
import type { ApiAnswer, ApiDeps } from "./episodesApi";

// What every session-API route does before and after its one call: check the token, find the
// services, read and validate JSON, and turn the answer (or an unexpected fault) into a Response.

export function apiDeps(): ApiDeps | Response {
  const p = getPlateau();
  if (!p.live) return Response.json({ error: `live sessions are not running: ${p.sandbox.reason}` }, { status: 503 });
  return { prisma: p.prisma, sessions: p.live.sessions, episodes: p.live.apiEpisodes };
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

/** A program's API token (the gate has checked it), then `fn`; any answer becomes JSON, any unexpected fault a 500 with its message. */
export async function withToken(
  req: Request,
  fn: (tokenId: string, deps: ApiDeps, who: Identity) => Promise<ApiAnswer | Response>,
): Promise<Response> {
  const who = identityFromHeaders(req.headers);
  if (!who?.tokenId) {
    return Response.json(
      {
        error:
          "missing API token: send `Authorization: Bearer <token>`; create one on the Agents page or with `plateau token create NAME`",
      },
      { status: 401, headers: { "www-authenticate": 'Bearer realm="plateau"' } },
    );
  }
  if (!isStaff(who.role)) return Response.json({ error: `a ${who.role}'s token may not use the session API` }, { status: 403 });
  const deps = apiDeps();
  if (deps instanceof Response) return deps;
  try {
    const a = await fn(who.tokenId, deps, who);
    return a instanceof Response ? a : Response.json(a.body, { status: a.status });
  } catch (err) {
    console.error("plateau: session API:", err);
    return Response.json({ error: `internal error: ${(err as Error).message}` }, { status: 500 });
  }
}
