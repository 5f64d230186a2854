import { staffOnly } from "@/lib/auth/access";
import { getPlateau } from "@/lib/runtime/context";
import { badRequest } from "@/lib/runtime/http";
import { computeStats, statsQueryFromParams } from "@/lib/stats";

export const dynamic = "force-dynamic";

/** GET /api/stats?runs=a,b&group=run&split=hardness&mode=intercode&k=10 — see the README. */
export const GET = staffOnly(async (req) => {
  const parsed = statsQueryFromParams(new URL(req.url).searchParams);
  if (!parsed.success) return badRequest(parsed.error);
  return Response.json(await computeStats(getPlateau().prisma, parsed.data));
});
