import { staffOnly } from "@/lib/auth/access";
import { getPlateau } from "@/lib/runtime/context";
import { listRuns } from "@/lib/stats";

export const dynamic = "force-dynamic";

/** GET /api/runs[?env=sql] — every Run with its episode count. */
export const GET = staffOnly(async (req) => {
  const env = new URL(req.url).searchParams.get("env") ?? undefined;
  return Response.json({ runs: await listRuns(getPlateau().prisma, { env }) });
});
