import { staffOnly } from "@/lib/auth/access";
import { getPlateau } from "@/lib/runtime/context";
import { RunRename, deleteRun, renameRun, type RunEditResult } from "@/lib/runs/editRun";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

const answer = (r: RunEditResult) => (r.ok ? Response.json(r) : Response.json({ error: r.error }, { status: r.status }));

/** PATCH /api/runs/{id} {"name"}: renames the run (409 when the name is taken). */
export const PATCH = staffOnly(async (req, { params }: Ctx) => {
  const body = RunRename.safeParse(await req.json().catch(() => null));
  if (!body.success)
    return Response.json(
      { error: body.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ") },
      { status: 400 },
    );
  return answer(await renameRun(getPlateau().prisma, (await params).id, body.data.name));
});

/** DELETE /api/runs/{id}: deletes the run and its episodes (409 while an agent run still plays). */
export const DELETE = staffOnly(async (_req, { params }: Ctx) => answer(await deleteRun(getPlateau().prisma, (await params).id)));
