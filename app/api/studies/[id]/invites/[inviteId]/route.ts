import { revokeInviteResponse } from "@/lib/studies/studyRoutes";

export const dynamic = "force-dynamic";

export async function DELETE(req: Request, { params }: { params: Promise<{ id: string; inviteId: string }> }) {
  const p = await params;
  return revokeInviteResponse(req, p.id, p.inviteId);
}
