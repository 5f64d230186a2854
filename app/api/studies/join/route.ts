import { joinResponse } from "@/lib/studies/studyRoutes";

export const dynamic = "force-dynamic";

/** The invite page's form (public): invite, pseudonym → the one-time sign-in link into the study. */
export function POST(req: Request) {
  return joinResponse(req);
}
