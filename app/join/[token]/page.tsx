import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getPlateau } from "@/lib/runtime/context";
import { identityFromHeaders } from "@/lib/auth/requestIdentity";
import { inviteProblem } from "@/lib/studies/participation";
import { inviteHash } from "@/lib/studies/studies";
import { JoinView } from "@/components/studies/JoinView";

export const dynamic = "force-dynamic";

/** /join/{invite}: a study's invite link (public): the study's name, and a pseudonym to join with. */
export default async function JoinPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<{ error?: string }>;
}) {
  const { token } = await params;
  const invite = await getPlateau().prisma.studyInvite.findUnique({
    where: { hash: inviteHash(token) },
    include: { study: { select: { id: true, name: true, description: true, status: true } } },
  });
  // Someone who joined already, back on their link: on to where they were.
  const who = identityFromHeaders(await headers());
  if (
    who &&
    invite &&
    (await getPlateau().prisma.studyParticipant.count({ where: { userId: who.userId, studyId: invite.study.id } }))
  )
    redirect("/study");
  return (
    <JoinView
      invite={token}
      study={invite ? { name: invite.study.name, description: invite.study.description } : null}
      problem={inviteProblem(invite)}
      error={(await searchParams).error ?? null}
    />
  );
}
