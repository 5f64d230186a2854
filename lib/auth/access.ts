import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import type { Identity } from "./identity";
import { identityFromHeaders } from "./requestIdentity";
import { isStaff, type Role } from "./roles";
import { canSeeEpisode } from "./visibility";

export { canSeeEpisode, canSeeGold } from "./visibility";

// What pages and routes check beyond the gate's path rules: a role for the action, an episode's
// owner, and never the gold (or anything computed from it) for a participant.

export type { Identity } from "./identity";

/** The caller of a route, or the 401/403 to answer. */
export function requireIdentity(req: Request, ...roles: Role[]): Identity | Response {
  const who = identityFromHeaders(req.headers);
  if (!who) return Response.json({ error: "sign in first" }, { status: 401 });
  if (roles.length && !roles.includes(who.role))
    return Response.json({ error: `a ${who.role} may not do this` }, { status: 403 });
  return who;
}

/** Researchers and admins (tasks with gold, runs, agents, tokens, uploads). */
export function requireStaff(req: Request): Identity | Response {
  return requireIdentity(req, "admin", "researcher");
}

/** The signed-in user of a page (the gate has let them in; a page reached otherwise goes to sign-in). */
export async function pageIdentity(): Promise<Identity> {
  const who = identityFromHeaders(await headers());
  if (!who) redirect("/sign-in");
  return who;
}

/** The signed-in researcher or admin of a page; anyone else gets 403. */
export async function pageStaff(): Promise<Identity> {
  const who = await pageIdentity();
  if (!isStaff(who.role)) forbidden();
  return who;
}

type Handler<C> = (req: Request, ctx: C, who: Identity) => Promise<Response> | Response;

/** A route only researchers and admins may call. */
export function staffOnly<C = unknown>(handler: Handler<C>): (req: Request, ctx?: C) => Promise<Response> {
  return async (req, ctx) => {
    const who = requireStaff(req);
    return who instanceof Response ? who : handler(req, ctx as C, who);
  };
}

/**
 * A route about one episode ({id} in its path): 404 when there is none, 403 when it is not the
 * caller's to see; the handler gets what `owner` found, so it need not look the episode up again.
 */
export function episodeRoute<E extends { userId: string | null }>(
  handler: (req: Request, ctx: { params: Promise<{ id: string }> }, who: Identity, episode: E) => Promise<Response> | Response,
  owner: (id: string) => Promise<E | null>,
) {
  return async (req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> => {
    const who = requireIdentity(req);
    if (who instanceof Response) return who;
    const { id } = await ctx.params;
    const ep = id.length <= 64 ? await owner(id) : null;
    if (!ep) return Response.json({ error: `episode ${id} not found` }, { status: 404 });
    if (!canSeeEpisode(who, ep)) return Response.json({ error: "this episode is not yours" }, { status: 403 });
    return handler(req, ctx, who, ep);
  };
}
