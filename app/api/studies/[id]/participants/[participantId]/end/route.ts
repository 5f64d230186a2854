import { endParticipantResponse } from "@/lib/studies/studyRoutes";

export const dynamic = "force-dynamic";

export async function POST(req: Request, { params }: { params: Promise<{ id: string; participantId: string }> }) {
  const p = await params;
  return endParticipantResponse(req, p.id, p.participantId);
}
