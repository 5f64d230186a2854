import { exportResponse } from "@/lib/studies/studyRoutes";

export const dynamic = "force-dynamic";

/** ?format=csv (an episode a row) | jsonl (episodes with steps) | intercode (InterCode's log format) | casts (every recording, a .tar). */
export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  return exportResponse(req, (await params).id);
}
