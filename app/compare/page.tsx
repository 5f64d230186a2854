import { pageStaff } from "@/lib/auth/access";
import { getPlateau } from "@/lib/runtime/context";
import { loadCompare } from "@/lib/stats";
import { CompareView } from "@/components/compare/CompareView";

export const dynamic = "force-dynamic";

export default async function ComparePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await pageStaff();
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(await searchParams)) for (const x of [v ?? []].flat()) params.append(k, x);
  return <CompareView data={loadCompare(getPlateau().prisma, params)} params={params.toString()} />;
}
