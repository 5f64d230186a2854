import { getPlateau } from "@/lib/runtime/context";
import { pageStaff } from "@/lib/auth/access";
import { listStudies } from "@/lib/studies/studies";
import { StudyList } from "@/components/studies/StudyList";

export const dynamic = "force-dynamic";

export default async function StudiesPage() {
  await pageStaff();
  const studies = await listStudies(getPlateau().prisma);
  return <StudyList studies={studies.map((s) => ({ id: s.id, name: s.name, tasks: s.taskIds.length, perParticipant: s.perParticipant, participants: s._count.participants, createdAt: s.createdAt.toISOString() }))} />;
}
