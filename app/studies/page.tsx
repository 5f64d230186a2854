import { getPlateau } from "@/lib/runtime/context";
import { pageStaff } from "@/lib/auth/access";
import { listStudies } from "@/lib/studies/studies";
import { TaskFilter, taskIdsMatching } from "@/lib/tasks";
import { StudyList } from "@/components/studies/StudyList";

export const dynamic = "force-dynamic";

/** /studies[?env=&dataset=&hardness=&q=]: the studies, and a form for a new one (with the Tasks page's filters: its tasks filled in). */
export default async function StudiesPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  await pageStaff();
  const params = await searchParams;
  const { prisma } = getPlateau();
  const fromTasks = Object.keys(params).length ? TaskFilter.safeParse(params) : null;
  const picked = fromTasks?.success ? await taskIdsMatching(prisma, fromTasks.data) : null;
  const studies = await listStudies(prisma);
  return (
    <StudyList
      studies={studies.map((s) => ({
        id: s.id,
        name: s.name,
        tasks: s.taskIds.length,
        perParticipant: s.perParticipant,
        participants: s._count.participants,
        createdAt: s.createdAt.toISOString(),
      }))}
      picked={picked && { env: fromTasks!.data!.env ?? "bash", tasks: picked.ids.join(","), total: picked.total }}
    />
  );
}
