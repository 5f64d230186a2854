import { TaskFilter, listTasks } from "@/lib/tasks";
import { badRequest } from "@/lib/runtime/http";
import { withToken } from "@/lib/agents/api/routeKit";

export const dynamic = "force-dynamic";

/** The tasks a program can play (never the gold): ?env=bash&dataset=nl2bash_fs_1&q=&page=&pageSize= */
export async function GET(req: Request) {
  return withToken(req, async (_tokenId, deps) => {
    const f = TaskFilter.safeParse(Object.fromEntries(new URL(req.url).searchParams));
    if (!f.success) return badRequest(f.error);
    return { status: 200, body: await listTasks(deps.prisma, f.data) };
  });
}
