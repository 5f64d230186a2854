import { pageStaff } from "@/lib/auth/access";
import { getPlateau } from "@/lib/runtime/context";
import { listTasks, countTasks, TaskFilter } from "@/lib/tasks";
import { TaskList } from "@/components/tasks/TaskList";

export const dynamic = "force-dynamic";

export default async function TasksPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  await pageStaff();
  const params = await searchParams;
  const parsed = TaskFilter.safeParse(params);
  const filter = parsed.success ? parsed.data : TaskFilter.parse({});
  const { prisma } = getPlateau();
  const result = listTasks(prisma, filter);
  return (
    <TaskList
      filter={filter}
      result={result}
      datasets={await countTasks(prisma)}
      invalid={parsed.success ? undefined : parsed.error.issues[0]?.message}
    />
  );
}
