import { getPlateau } from "@/lib/runtime/context";
import { getHomeSummary } from "@/lib/runtime/home";
import { HomeView } from "@/components/home/HomeView";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const p = getPlateau();
  return <HomeView summary={await getHomeSummary(p.prisma)} sandbox={p.sandbox} />;
}
