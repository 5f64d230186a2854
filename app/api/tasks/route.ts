import { staffOnly } from "@/lib/auth/access";
import { getPlateau } from "@/lib/runtime/context";
import { listTasks, TaskFilter } from "@/lib/tasks";
import { badRequest } from "@/lib/runtime/http";

export const dynamic = "force-dynamic";

export const GET = staffOnly(async (req) => {
  const parsed = TaskFilter.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) return badRequest(parsed.error);
  return Response.json(await listTasks(getPlateau().prisma, parsed.data));
});
