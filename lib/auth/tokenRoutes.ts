import { z } from "zod";
import { getPlateau } from "../runtime/context";
import { badRequest } from "../runtime/http";
import { createApiToken, listApiTokens, TokenName } from "./apiTokens";
import { tokenVerifier } from "./requireApiToken";

// The researcher's token screen (/api/tokens): list, create (the token is in this answer only), revoke.

const CreateToken = z.object({ name: TokenName }).strict();

export async function listTokensResponse(): Promise<Response> {
  return Response.json({ tokens: await listApiTokens(getPlateau().prisma) });
}

export async function createTokenResponse(req: Request): Promise<Response> {
  const body = CreateToken.safeParse(await req.json().catch(() => null));
  if (!body.success) return badRequest(body.error);
  return Response.json(await createApiToken(getPlateau().prisma, body.data.name), { status: 201 });
}

export async function revokeTokenResponse(id: string): Promise<Response> {
  const n = await getPlateau().prisma.apiToken.deleteMany({ where: { id } }).then((r) => r.count);
  if (n === 0) return Response.json({ error: `token ${id} not found` }, { status: 404 });
  tokenVerifier().forget(id);
  return Response.json({ revoked: id });
}

