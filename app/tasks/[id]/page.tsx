import { pageStaff } from "@/lib/auth/access";
import { notFound } from "next/navigation";
import { getPlateau } from "@/lib/runtime/context";
import { getPublicTask } from "@/lib/tasks";
import { listEpisodesOfTask, listLiveEpisodesOfUser } from "@/lib/episodes/listEpisodesOfTask";
import { TaskView } from "@/components/tasks/TaskView";

export const dynamic = "force-dynamic";

/** /tasks/{id}: the task, its gold on request, and every episode of it (two can be opened side by side). */
export default async function TaskPage({ params }: { params: Promise<{ id: string }> }) {
  const who = await pageStaff();
  const id = Number((await params).id);
  if (!Number.isInteger(id) || id < 1 || id > 2 ** 31 - 1) notFound();
  const { prisma } = getPlateau();
  const task = await getPublicTask(prisma, id);
  if (!task) notFound();
  return <TaskView task={task} episodes={listEpisodesOfTask(prisma, id)} live={listLiveEpisodesOfUser(prisma, who.userId, id)} />;
}
