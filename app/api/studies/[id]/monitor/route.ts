import { monitorResponse } from "@/lib/studies/studyRoutes";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  return monitorResponse(req, (await params).id);
}
