import { runResponse } from "@/lib/agents/runs/runsRoutes";

export const dynamic = "force-dynamic";

export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  return runResponse((await params).id);
}
