import { getPlateau } from "@/lib/runtime/context";
import { inviteProblem } from "@/lib/studies/participation";
import { inviteHash } from "@/lib/studies/studies";
import { JoinView } from "@/components/studies/JoinView";

export const dynamic = "force-dynamic";

/** /join/{invite}: a study's invite link (public): the study's name, and a pseudonym to join with. */
export default async function JoinPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<{ error?: string }> }) {
  const { token } = await params;
  const invite = await getPlateau().prisma.studyInvite.findUnique({ where: { hash: inviteHash(token) }, include: { study: { select: { name: true, description: true, status: true } } } });
  return <JoinView invite={token} study={invite ? { name: invite.study.name, description: invite.study.description } : null} problem={inviteProblem(invite)} error={(await searchParams).error ?? null} />;
}
