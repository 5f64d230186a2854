import { notFound } from "next/navigation";
import { getPlateau } from "@/lib/runtime/context";
import { getPublicTask } from "@/lib/tasks";
import { PlayView } from "@/components/play/PlayView";
import { earlyStartScript } from "@/components/play/startEpisode";

export const dynamic = "force-dynamic";

export default async function PlayPage({ params }: { params: Promise<{ taskId: string }> }) {
  const id = Number((await params).taskId);
  const p = getPlateau();
  const task = Number.isInteger(id) && id > 0 ? await getPublicTask(p.prisma, id) : null;
  if (!task) notFound();
  return (
    <>
      {p.sandbox.driver && <script dangerouslySetInnerHTML={{ __html: earlyStartScript(task.id) }} />}
      <PlayView task={task} sandbox={p.sandbox} />
    </>
  );
}
