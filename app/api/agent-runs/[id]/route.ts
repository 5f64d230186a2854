import { staffOnly } from "@/lib/auth/access";
import { runResponse } from "@/lib/agents/runs/runsRoutes";

export const dynamic = "force-dynamic";

export const GET = staffOnly(async (_req, { params }: { params: Promise<{ id: string }> }) => {
  return runResponse((await params).id);
});
