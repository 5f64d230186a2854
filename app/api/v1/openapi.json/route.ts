import { openApiDocument } from "@/lib/agents/openapi";

export const dynamic = "force-static";

/** The session API described for programs (OpenAPI 3.1). */
export function GET() {
  return Response.json(openApiDocument);
}
