import { cancelRunResponse } from "@/lib/agents/runs/runsRoutes";

export const dynamic = "force-dynamic";

export async function POST(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  return cancelRunResponse((await params).id);
}
