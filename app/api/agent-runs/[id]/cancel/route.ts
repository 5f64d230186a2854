import { staffOnly } from "@/lib/auth/access";
import { cancelRunResponse } from "@/lib/agents/runs/runsRoutes";

export const dynamic = "force-dynamic";

export const POST = staffOnly(async (_req, { params }: { params: Promise<{ id: string }> }) => {
  return cancelRunResponse((await params).id);
});
