import type { IncomingMessage, ServerResponse } from "node:http";
import { fromNodeHeaders } from "better-auth/node";
import type { IdentityResolver, Identity } from "./identity";
import { crossSiteRefusal, type Origins } from "./origins";
import { isAssetPath, isPublicPath, roleMayOpen } from "./roles";
import { CLIENT_IP_HEADER, IDENTITY_HEADER, encodeIdentity } from "./requestIdentity";

// The door every HTTP request passes before Next.js sees it (server.ts): a foreign Host or Origin
// is refused, an anonymous visitor gets the sign-in page (401 JSON on the API), a role gets only
// its paths (roles.ts). The identity travels to pages and routes in a header set here and only
// here (any copy from the client is removed first).

export type GateDecision =
  { pass: true; who: Identity | null } | { pass: false; status: number; message: string; location?: string };

export interface GateRequest {
  method: string;
  url: string;
  headers: Headers;
}

/** Decide what happens to a request; pure apart from the identity lookup. */
export async function decide(origins: Origins, identities: IdentityResolver, r: GateRequest): Promise<GateDecision> {
  const h = (name: string) => r.headers.get(name) ?? undefined;
  const refusal = crossSiteRefusal(origins, {
    method: r.method,
    host: h("host"),
    origin: h("origin"),
    secFetchSite: h("sec-fetch-site"),
  });
  if (refusal) return { pass: false, status: 403, message: refusal };
  let path: string;
  try {
    path = decodeURIComponent(new URL(r.url, "http://plateau.invalid").pathname);
  } catch {
    return { pass: false, status: 400, message: "the path is not valid URL encoding" };
  }
  if (/\/\.\.?(\/|$)|\\|\0/.test(path)) return { pass: false, status: 400, message: "the path has dot segments or backslashes" };
  // A page's scripts and styles are many requests: none of them needs to know who is asking.
  if (isAssetPath(path)) return { pass: true, who: null };
  const who = await identities.resolve(r.headers);
  if (isPublicPath(path)) return { pass: true, who };
  const api = path.startsWith("/api/");
  if (!who) {
    if (api)
      return {
        pass: false,
        status: 401,
        message: "sign in first (a browser session), or send `Authorization: Bearer <API token>`",
      };
    const next = new URL(r.url, "http://plateau.invalid");
    const location = `/sign-in?next=${encodeURIComponent(next.pathname + next.search)}`;
    return r.method === "GET" || r.method === "HEAD"
      ? { pass: false, status: 303, message: "sign in first", location }
      : { pass: false, status: 401, message: "sign in first" };
  }
  if (!roleMayOpen(who.role, path)) return { pass: false, status: 403, message: `a ${who.role} may not open ${path}` };
  return { pass: true, who };
}

export function createGate(origins: Origins, identities: IdentityResolver) {
  return {
    /** True when the request may go on to Next.js (its identity header set); else it has been answered. */
    async admit(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
      delete req.headers[IDENTITY_HEADER];
      req.headers[CLIENT_IP_HEADER] = clientAddress(req);
      const d = await decide(origins, identities, {
        method: req.method ?? "GET",
        url: req.url ?? "/",
        headers: fromNodeHeaders(req.headers),
      });
      if (d.pass) {
        if (d.who) req.headers[IDENTITY_HEADER] = encodeIdentity(d.who);
        // A sign-out changes who this cookie is: drop the cached sessions.
        if (req.url?.startsWith("/api/auth/sign-out")) identities.forget();
        return true;
      }
      answer(req, res, d);
      return false;
    },
  };
}

export type Gate = ReturnType<typeof createGate>;

/** The socket's address; behind a proxy Plateau is told to trust (PLATEAU_TRUST_PROXY=1), the address it forwarded for. */
export function clientAddress(req: IncomingMessage, trustProxy = process.env.PLATEAU_TRUST_PROXY === "1"): string {
  const forwarded = trustProxy
    ? String(req.headers["x-forwarded-for"] ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .at(-1)
    : undefined;
  return forwarded ?? req.socket.remoteAddress ?? "unknown";
}

function answer(req: IncomingMessage, res: ServerResponse, d: Extract<GateDecision, { pass: false }>): void {
  const wantsHtml = !(req.url ?? "").startsWith("/api/") && (req.headers.accept ?? "").includes("text/html");
  // The body was never read: close the connection rather than drain what may be a huge upload.
  res.setHeader("connection", "close");
  if (d.location) {
    res.writeHead(d.status, { location: d.location, "content-type": "text/plain; charset=utf-8" });
    res.end(d.message);
  } else if (wantsHtml) {
    res.writeHead(d.status, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><meta charset="utf-8"><title>Plateau: ${d.status}</title><body style="font-family:system-ui;padding:40px"><h1>${d.status === 403 ? "Not allowed" : "Cannot open this"}</h1><p>${escapeHtml(d.message)}</p><p><a href="/">Home</a> · <a href="/sign-in">Sign in as someone else</a></p>`,
    );
  } else {
    res.writeHead(d.status, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: d.message }));
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
