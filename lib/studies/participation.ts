import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Db } from "../db";
import type { EpisodeStatus } from "../episodes/episodeStatus";
import type { Auth } from "../auth/auth";
import { createUser } from "../auth/users";
import type { SessionManager } from "../sessions/SessionManager";
import { assignTasks, type StudyOrder } from "./assignment";
import { inviteHash, StudyError } from "./studies";

// A participant's way through a study: invite link → pseudonym (an account without a password,
// signed in by a one-time link) → consent → instructions and practice → the assigned tasks in order
// → a completion code. Where they are is read from what is stored (their episodes), so closing the
// browser and opening the link again resumes exactly there.

export const Pseudonym = z
  .string()
  .trim()
  .min(1, "pick a name to be known by")
  .max(40)
  .regex(/^[\p{L}\p{N} ._-]+$/u, "letters, digits, spaces, dots, dashes and underscores only");

const PARTICIPANT_DOMAIN = "participants.plateau.local";

/** Join with an invite's secret: the account, its assignment, and a sign-in link that leads to /study. */
export async function joinStudy(
  prisma: Db,
  auth: Auth,
  secret: string,
  pseudonymInput: string,
): Promise<{ signInLink: string; participantId: string }> {
  const pseudonym = Pseudonym.parse(pseudonymInput);
  const invite = await prisma.studyInvite.findUnique({ where: { hash: inviteHash(secret) }, include: { study: true } });
  const why = inviteProblem(invite);
  if (why) throw new StudyError(why, 410);
  const study = invite!.study;
  if (await prisma.studyParticipant.findUnique({ where: { studyId_pseudonym: { studyId: study.id, pseudonym } } })) {
    throw new StudyError(`"${pseudonym}" is taken in this study: pick another`, 409);
  }
  // Count the use first, conditionally, so two people cannot both take the last place.
  const took = await prisma.studyInvite.updateMany({
    where: { id: invite!.id, uses: { lt: invite!.maxUses }, revokedAt: null },
    data: { uses: { increment: 1 } },
  });
  if (took.count === 0) throw new StudyError("this invite link has been used up", 410);
  const email = `p-${randomBytes(6).toString("hex")}@${PARTICIPANT_DOMAIN}`;
  const { user } = await createUser(auth, prisma, { email, role: "participant", name: pseudonym });
  try {
    const participant = await withNextSlot(prisma, study.id, (slot) =>
      prisma.studyParticipant.create({
        data: {
          studyId: study.id,
          userId: user.id,
          inviteId: invite!.id,
          pseudonym,
          slot,
          assignment: assignTasks(
            { taskIds: study.taskIds, perParticipant: study.perParticipant, order: study.order as StudyOrder, seed: study.seed },
            slot,
          ),
        },
      }),
    );
    const signInLink = await auth.signInLink(email, "/study");
    if (!signInLink) throw new Error("no sign-in link for the new participant");
    return { signInLink, participantId: participant.id };
  } catch (err) {
    await prisma.user.delete({ where: { id: user.id } }).catch(() => {});
    await prisma.studyInvite.update({ where: { id: invite!.id }, data: { uses: { decrement: 1 } } }).catch(() => {});
    throw err;
  }
}

export function inviteProblem(
  invite: { revokedAt: Date | null; expiresAt: Date | null; uses: number; maxUses: number; study: { status: string } } | null,
): string | null {
  if (!invite) return "this invite link is not valid";
  if (invite.revokedAt) return "this invite link has been withdrawn";
  if (invite.expiresAt && invite.expiresAt.getTime() < Date.now()) return "this invite link has expired";
  if (invite.uses >= invite.maxUses) return "this invite link has been used up";
  if (invite.study.status !== "open") return "this study is closed";
  return null;
}

/** The join number, taken in order; a clash (two joining at once) tries the next one. */
async function withNextSlot<T>(prisma: Db, studyId: string, create: (slot: number) => Promise<T>): Promise<T> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const slot = await prisma.studyParticipant.count({ where: { studyId } });
    try {
      return await create(slot + attempt);
    } catch (err) {
      if ((err as { code?: string }).code !== "P2002") throw err;
    }
  }
  throw new Error("could not take a place in the study: too many joining at once");
}

export type StudyStep =
  | { kind: "consent"; consent: string }
  | { kind: "practice"; taskId: number; episodeId: string | null; instructions: string }
  | { kind: "task"; index: number; of: number; taskId: number; episodeId: string | null; instructions: string }
  | { kind: "done"; completionCode: string; ended: boolean };

/** Episode statuses that finish a task (interrupted: the server stopped; that task is played again). */
export const FINISHED: EpisodeStatus[] = ["submitted", "skipped", "abandoned", "error"];

/** Where a task stands in a participant's order, 1-based (0: not theirs). */
export const positionOf = (participant: { assignment: number[] } | null, taskId: number): number =>
  (participant?.assignment.indexOf(taskId) ?? -1) + 1;

export async function studyStep(
  prisma: Db,
  userId: string,
): Promise<{
  participant: { id: string; pseudonym: string; studyId: string };
  study: { id: string; name: string };
  step: StudyStep;
} | null> {
  const p = await prisma.studyParticipant.findUnique({ where: { userId }, include: { study: true } });
  if (!p) return null;
  const head = {
    participant: { id: p.id, pseudonym: p.pseudonym, studyId: p.studyId },
    study: { id: p.study.id, name: p.study.name },
  };
  if (!p.consentedAt && p.study.consent.trim()) return { ...head, step: { kind: "consent", consent: p.study.consent } };
  const episodes = await prisma.episode.findMany({
    where: { participantId: p.id },
    select: { id: true, taskId: true, status: true, practice: true },
    orderBy: { startedAt: "asc" },
  });
  const active = episodes.find((e) => e.status === "active") ?? null;
  if (p.study.practiceTaskId !== null && !episodes.some((e) => e.practice && FINISHED.includes(e.status)) && !p.endedAt) {
    return {
      ...head,
      step: {
        kind: "practice",
        taskId: p.study.practiceTaskId,
        episodeId: active?.practice ? active.id : null,
        instructions: p.study.instructions,
      },
    };
  }
  const done = episodes.filter((e) => !e.practice && FINISHED.includes(e.status)).length;
  if (p.endedAt || done >= p.assignment.length) {
    const code = p.completionCode ?? (await complete(prisma, p.id));
    return { ...head, step: { kind: "done", completionCode: code, ended: !!p.endedAt } };
  }
  const taskId = p.assignment[done];
  return {
    ...head,
    step: {
      kind: "task",
      index: done,
      of: p.assignment.length,
      taskId,
      episodeId: active && !active.practice ? active.id : null,
      instructions: p.study.instructions,
    },
  };
}

async function complete(prisma: Db, participantId: string): Promise<string> {
  const code = randomBytes(5).toString("hex").toUpperCase();
  const r = await prisma.studyParticipant.updateMany({
    where: { id: participantId, completionCode: null },
    data: { completionCode: code, completedAt: new Date() },
  });
  if (r.count) return code;
  return (await prisma.studyParticipant.findUniqueOrThrow({ where: { id: participantId } })).completionCode!;
}

export async function acceptConsent(prisma: Db, userId: string): Promise<void> {
  await prisma.studyParticipant.updateMany({ where: { userId, consentedAt: null }, data: { consentedAt: new Date() } });
}

/**
 * The participant's current episode: the live one (resumed, with a new player token for this
 * browser), or a new one of the next task with the study's rules. Null when nothing is left to play.
 */
export async function playNext(
  prisma: Db,
  sessions: SessionManager,
  who: { userId: string; name: string },
): Promise<{ taskId: number; episodeId: string; playerToken: string } | null> {
  const s = await studyStep(prisma, who.userId);
  if (!s) throw new StudyError("you are not in a study", 404);
  const { step } = s;
  if (step.kind === "consent") throw new StudyError("accept the consent first", 409);
  if (step.kind === "done") return null;
  if (step.episodeId) {
    const token = sessions.reissuePlayerToken(step.episodeId);
    if (token) return { taskId: step.taskId, episodeId: step.episodeId, playerToken: token };
  }
  const study = await prisma.study.findUniqueOrThrow({ where: { id: s.study.id } });
  const started = await sessions.start({
    taskId: step.taskId,
    playerKind: "human",
    playerName: s.participant.pseudonym,
    owner: { userId: who.userId, role: "participant" },
    turnLimit: study.turnLimit,
    scoreAtTurnLimit: true,
    study: {
      studyId: study.id,
      participantId: s.participant.id,
      practice: step.kind === "practice",
      timeLimitSec: study.timeLimitSec,
      timerRule: study.timerRule,
      showReward: study.showReward,
    },
  });
  return { taskId: step.taskId, episodeId: started.episodeId, playerToken: started.playerToken };
}
