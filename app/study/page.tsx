import { redirect } from "next/navigation";
import { getPlateau } from "@/lib/runtime/context";
import { pageIdentity } from "@/lib/auth/access";
import { studyStep } from "@/lib/studies/participation";
import { StudyStepView } from "@/components/studies/StudyStepView";

export const dynamic = "force-dynamic";

/** /study: where the signed-in participant stands in their study, and the one thing to do next. */
export default async function StudyPage() {
  const who = await pageIdentity();
  const s = await studyStep(getPlateau().prisma, who.userId);
  if (!s) redirect("/");
  return <StudyStepView study={s.study.name} pseudonym={s.participant.pseudonym} step={s.step} />;
}
