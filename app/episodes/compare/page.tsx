import { pageStaff } from "@/lib/auth/access";
import { notFound } from "next/navigation";
import Link from "next/link";
import { getPlateau } from "@/lib/runtime/context";
import { getEpisodeForReplay } from "@/lib/episodes/getEpisodeForReplay";
import { parseTurn } from "@/lib/replay/parseTurn";
import { CompareView } from "@/components/replay/CompareView";

export const dynamic = "force-dynamic";

type Query = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

/** /episodes/compare?a=ID&b=ID[&step=N]: two episodes of the same task side by side. */
export default async function ComparePage({ searchParams }: { searchParams: Promise<Query> }) {
  await pageStaff();
  const q = await searchParams;
  const { prisma } = getPlateau();
  const [a, b] = await Promise.all([getEpisodeForReplay(prisma, one(q.a)), getEpisodeForReplay(prisma, one(q.b))]);
  if (!a || !b) notFound();
  if (a.task.id !== b.task.id) {
    return (
      <main>
        <h1>Side by side</h1>
        <div className="error-box" data-testid="compare-error">
          These episodes are of different tasks ({a.task.dataset} #{a.task.index} and {b.task.dataset} #{b.task.index}); side by
          side compares two plays of one task.
        </div>
        <p>
          <Link href={`/episodes/${a.id}`}>Open the first</Link> · <Link href={`/episodes/${b.id}`}>Open the second</Link>
        </p>
      </main>
    );
  }
  return <CompareView key={`${a.id}:${b.id}`} a={a} b={b} initialTurn={parseTurn(q.step) ?? 1} />;
}
