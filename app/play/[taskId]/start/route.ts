import { startPlayResponse } from "@/lib/sessions/playRoutes";

export const dynamic = "force-dynamic";

/** POST /play/{taskId}/start: a new episode of the task for the signed-in person, then its Play page (303). */
export function POST(req: Request, { params }: { params: Promise<{ taskId: string }> }) {
  return params.then((p) => startPlayResponse(req, p.taskId));
}
