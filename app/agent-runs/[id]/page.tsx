import { pageStaff } from "@/lib/auth/access";
import { notFound } from "next/navigation";
import { getPlateau } from "@/lib/runtime/context";
import { agentRunPageData } from "@/lib/agents/runs/runPageData";
import { RunView } from "@/components/agents/RunView";

export const dynamic = "force-dynamic";

export default async function AgentRunPage({ params }: { params: Promise<{ id: string }> }) {
  await pageStaff();
  const p = getPlateau();
  const data = await agentRunPageData(p.prisma, (await params).id, p.live?.agentRuns ?? null);
  if (!data) notFound();
  return <RunView initial={data.progress} meta={data.meta} episodes={data.episodes} />;
}
