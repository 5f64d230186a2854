import { revokeTokenResponse } from "@/lib/auth/tokenRoutes";

export const dynamic = "force-dynamic";

export async function DELETE(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  return revokeTokenResponse((await params).id);
}
