import { createTokenResponse, listTokensResponse } from "@/lib/auth/tokenRoutes";

export const dynamic = "force-dynamic";

export function GET(req: Request) {
  return listTokensResponse(req);
}

/** {name} → {id, name, token, createdAt}: the token is shown this once. */
export function POST(req: Request) {
  return createTokenResponse(req);
}
