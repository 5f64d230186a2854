import { revokeTokenResponse } from "@/lib/auth/tokenRoutes";

export const dynamic = "force-dynamic";

export async function DELETE(req: Request, { params }: { params: Promise<{ id: string }> }) {
  return revokeTokenResponse(req, (await params).id);
}
