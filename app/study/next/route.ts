import { nextResponse } from "@/lib/studies/studyRoutes";

export const dynamic = "force-dynamic";

/** The participant's current episode (resumed) or their next task's, then its Play page. */
export function POST(req: Request) {
  return nextResponse(req);
}
