import { redirect } from "next/navigation";
import { getPlateau } from "@/lib/runtime/context";
import { getHomeSummary } from "@/lib/runtime/home";
import { pageIdentity } from "@/lib/auth/access";
import { isStaff } from "@/lib/auth/roles";
import { listEpisodesOfUser, listLiveEpisodesOfUser } from "@/lib/episodes/listEpisodesOfTask";
import { HomeView } from "@/components/home/HomeView";
import { ParticipantHome } from "@/components/home/ParticipantHome";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const who = await pageIdentity();
  const p = getPlateau();
  // A study's participant: their study is their home.
  if (!isStaff(who.role) && (await p.prisma.studyParticipant.count({ where: { userId: who.userId } }))) redirect("/study");
  if (!isStaff(who.role)) return <ParticipantHome name={who.name} episodes={await listEpisodesOfUser(p.prisma, who.userId)} />;
  return <HomeView summary={getHomeSummary(p.prisma)} sandbox={p.sandbox} live={listLiveEpisodesOfUser(p.prisma, who.userId)} />;
}
