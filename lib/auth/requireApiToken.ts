import { getPlateau } from "../runtime/context";
import { bearerToken, TokenVerifier } from "./apiTokens";

// Route guard for the session API: a 401 that says what to send, or who is calling.

const SERVICE = "apiTokenVerifier";

export function tokenVerifier(): TokenVerifier {
  const p = getPlateau();
  let v = p.services.get(SERVICE) as TokenVerifier | undefined;
  if (!v) {
    v = new TokenVerifier(p.prisma);
    p.services.set(SERVICE, v);
  }
  return v;
}

export async function requireApiToken(req: Request): Promise<{ tokenId: string; tokenName: string } | Response> {
  const token = bearerToken(req.headers.get("authorization"));
  if (!token) {
    return unauthorized("missing API token: send `Authorization: Bearer <token>`; create one on the Agent runs page or with `plateau token create NAME`");
  }
  const who = await tokenVerifier().verify(token);
  if (!who) return unauthorized("invalid or revoked API token");
  return { tokenId: who.id, tokenName: who.name };
}

function unauthorized(message: string): Response {
  return Response.json({ error: message }, { status: 401, headers: { "www-authenticate": 'Bearer realm="plateau"' } });
}
