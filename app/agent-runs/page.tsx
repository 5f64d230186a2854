import { pageStaff } from "@/lib/auth/access";
import { getPlateau } from "@/lib/runtime/context";
import { agentRunsPageData } from "@/lib/agents/runs/runPageData";
import { AgentRunsView } from "@/components/agents/AgentRunsView";

export const dynamic = "force-dynamic";

export default async function AgentRunsPage() {
  const who = await pageStaff();
  const p = getPlateau();
  return <AgentRunsView {...await agentRunsPageData(p.prisma, who.role === "admin" ? null : who.userId)} sandbox={p.sandbox} />;
}
