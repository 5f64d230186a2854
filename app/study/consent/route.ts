import { consentResponse } from "@/lib/studies/studyRoutes";

export const dynamic = "force-dynamic";

export function POST(req: Request) {
  return consentResponse(req);
}
