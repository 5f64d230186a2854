import { pageStaff } from "@/lib/auth/access";
import { getPlateau } from "@/lib/runtime/context";
import { listRuns } from "@/lib/stats";
import { RunList } from "@/components/runs/RunList";

export const dynamic = "force-dynamic";

export default async function RunsPage() {
  await pageStaff();
  return <RunList runs={listRuns(getPlateau().prisma)} />;
}
