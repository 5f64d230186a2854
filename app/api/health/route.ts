import { getHealth } from "@/lib/runtime/health";

export const dynamic = "force-dynamic";

export async function GET() {
  const health = await getHealth();
  return Response.json(health, { status: health.database.ok ? 200 : 503 });
}
