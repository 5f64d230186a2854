import { createInviteResponse } from "@/lib/studies/studyRoutes";

export const dynamic = "force-dynamic";

/** {label?, maxUses?, expiresInHours?} → {id, link}: the link is shown this once. */
export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  return createInviteResponse(req, (await params).id);
}
