import { notFound } from "next/navigation";
import { getPlateau } from "@/lib/runtime/context";
import { pageStaff } from "@/lib/auth/access";
import { studyMonitor } from "@/lib/studies/monitor";
import { StudyView } from "@/components/studies/StudyView";

export const dynamic = "force-dynamic";

/** /studies/{id}: the study's rules, its invites, the live table of participants, the exports. */
export default async function StudyPage({ params }: { params: Promise<{ id: string }> }) {
  await pageStaff();
  const { id } = await params;
  const p = getPlateau();
  const study = await p.prisma.study.findUnique({ where: { id } });
  const monitor = study && (await studyMonitor(p.prisma, p.live?.sessions ?? null, id));
  if (!study || !monitor) notFound();
  return (
    <StudyView
      study={{
        id: study.id,
        name: study.name,
        description: study.description,
        tasks: study.taskIds.length,
        perParticipant: study.perParticipant,
        order: study.order,
        turnLimit: study.turnLimit,
        timeLimitSec: study.timeLimitSec,
        timerRule: study.timerRule,
        showReward: study.showReward,
        practice: study.practiceTaskId !== null,
      }}
      initial={monitor}
    />
  );
}
