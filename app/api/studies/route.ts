import { createStudyResponse, listStudiesResponse } from "@/lib/studies/studyRoutes";

export const dynamic = "force-dynamic";

export function GET(req: Request) {
  return listStudiesResponse(req);
}

/** {name, tasks, env?, perParticipant?, order?, seed?, turnLimit?, timeLimitSec?, showReward?, practiceTask?, instructions?, consent?, description?} */
export function POST(req: Request) {
  return createStudyResponse(req);
}
