import { staffOnly } from "@/lib/auth/access";
import { getPlateau } from "@/lib/runtime/context";
import { getTaskGold } from "@/lib/tasks";
import { badRequest, notFound } from "@/lib/runtime/http";

export const dynamic = "force-dynamic";

export const GET = staffOnly(async (_req, { params }: { params: Promise<{ id: string }> }) => {
  const id = Number((await params).id);
  if (!Number.isInteger(id) || id < 1) return badRequest("task id must be a positive integer");
  const gold = await getTaskGold(getPlateau().prisma, id);
  return gold === null ? notFound(`task ${id}`) : Response.json({ gold });
});
