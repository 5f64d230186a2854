import { z } from "zod";
import { getPlateau } from "../runtime/context";
import { badRequest } from "../runtime/http";
import { requireStaff } from "./access";
import { createApiToken, listApiTokens, TokenName } from "./apiTokens";

// The researcher's token screen (/api/tokens): their own tokens (an admin sees every account's);
// create (the token is in this answer only), revoke.

const CreateToken = z.object({ name: TokenName }).strict();

const scope = (who: { role: string; userId: string }) => (who.role === "admin" ? null : who.userId);

export async function listTokensResponse(req: Request): Promise<Response> {
  const who = requireStaff(req);
  if (who instanceof Response) return who;
  return Response.json({ tokens: await listApiTokens(getPlateau().prisma, scope(who)) });
}

export async function createTokenResponse(req: Request): Promise<Response> {
  const who = requireStaff(req);
  if (who instanceof Response) return who;
  if (!(req.headers.get("content-type") ?? "").startsWith("application/json"))
    return Response.json({ error: "send JSON (content-type: application/json)" }, { status: 415 });
  const body = CreateToken.safeParse(await req.json().catch(() => null));
  if (!body.success) return badRequest(body.error);
  return Response.json(await createApiToken(getPlateau().prisma, body.data.name, who.userId), { status: 201 });
}

export async function revokeTokenResponse(req: Request, id: string): Promise<Response> {
  const who = requireStaff(req);
  if (who instanceof Response) return who;
  const owner = scope(who);
  const n = await getPlateau()
    .prisma.apiToken.deleteMany({ where: { id, ...(owner ? { userId: owner } : {}) } })
    .then((r) => r.count);
  if (n === 0) return Response.json({ error: `token ${id} not found` }, { status: 404 });
  getPlateau().tokens.forget(id);
  return Response.json({ revoked: id });
}
