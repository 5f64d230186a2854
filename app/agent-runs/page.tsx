import { getPlateau } from "@/lib/runtime/context";
import { agentRunsPageData } from "@/lib/agents/runs/runPageData";
import { AgentRunsView } from "@/components/agents/AgentRunsView";

export const dynamic = "force-dynamic";

export default async function AgentRunsPage() {
  const p = getPlateau();
  return <AgentRunsView {...await agentRunsPageData(p.prisma)} sandbox={p.sandbox} />;
}
