import type { Db } from "../db";
import type { SessionManager } from "../sessions/SessionManager";
import { FINISHED } from "./participation";

// A study's live table for its researcher: every participant, where they are, their live episode's
// turn and clock, and the study's progress (episodes done / planned).

export interface MonitorRow {
  participantId: string;
  pseudonym: string;
  joinedAt: string;
  status: "not started" | "playing" | "between tasks" | "done" | "ended";
  done: number;
  assigned: number;
  current: {
    episodeId: string;
    taskId: number;
    turns: number;
    turnLimit: number | null;
    startedAt: string;
    practice: boolean;
  } | null;
  completionCode: string | null;
}

/** An invite link as its researcher sees it: `uses` counts the people who joined through it so far. */
export interface InviteRow {
  id: string;
  label: string;
  uses: number;
  maxUses: number;
  revoked: boolean;
  expiresAt: string | null;
}

export interface StudyMonitor {
  studyId: string;
  planned: number;
  done: number;
  participants: MonitorRow[];
  /** Newest first. Polled with the participants, so "used" counts people as they join. */
  invites: InviteRow[];
}

export async function studyMonitor(prisma: Db, sessions: SessionManager | null, studyId: string): Promise<StudyMonitor | null> {
  const study = await prisma.study.findUnique({
    where: { id: studyId },
    select: {
      id: true,
      invites: {
        orderBy: { createdAt: "desc" },
        select: { id: true, label: true, uses: true, maxUses: true, revokedAt: true, expiresAt: true },
      },
      participants: {
        orderBy: { slot: "asc" },
        select: {
          id: true,
          pseudonym: true,
          createdAt: true,
          assignment: true,
          completedAt: true,
          endedAt: true,
          completionCode: true,
          episodes: {
            select: { id: true, taskId: true, status: true, practice: true, turns: true, turnLimit: true, startedAt: true },
            orderBy: { startedAt: "asc" },
          },
        },
      },
    },
  });
  if (!study) return null;
  const rows = study.participants.map((p): MonitorRow => {
    const done = p.episodes.filter((e) => !e.practice && FINISHED.includes(e.status)).length;
    const live = p.episodes.find((e) => e.status === "active") ?? null;
    const state = live ? sessions?.get(live.id)?.state() : undefined;
    const status: MonitorRow["status"] = p.endedAt
      ? "ended"
      : p.completedAt || done >= p.assignment.length
        ? "done"
        : live
          ? "playing"
          : p.episodes.length
            ? "between tasks"
            : "not started";
    return {
      participantId: p.id,
      pseudonym: p.pseudonym,
      joinedAt: p.createdAt.toISOString(),
      status,
      done,
      assigned: p.assignment.length,
      current: live
        ? {
            episodeId: live.id,
            taskId: live.taskId,
            turns: state?.turns ?? live.turns,
            turnLimit: live.turnLimit,
            startedAt: live.startedAt.toISOString(),
            practice: live.practice,
          }
        : null,
      completionCode: p.completionCode,
    };
  });
  return {
    studyId,
    planned: rows.reduce((n, r) => n + r.assigned, 0),
    done: rows.reduce((n, r) => n + Math.min(r.done, r.assigned), 0),
    participants: rows,
    invites: study.invites.map((i) => ({
      id: i.id,
      label: i.label,
      uses: i.uses,
      maxUses: i.maxUses,
      revoked: !!i.revokedAt,
      expiresAt: i.expiresAt?.toISOString() ?? null,
    })),
  };
}

/** A researcher ends a participant's part: their live episode is skipped, no more tasks follow. */
export async function endParticipant(
  prisma: Db,
  sessions: SessionManager | null,
  studyId: string,
  participantId: string,
): Promise<boolean> {
  const r = await prisma.studyParticipant.updateMany({
    where: { id: participantId, studyId, endedAt: null },
    data: { endedAt: new Date() },
  });
  const live = await prisma.episode.findMany({ where: { participantId, status: "active" }, select: { id: true } });
  for (const e of live) await sessions?.get(e.id)?.skip();
  return r.count > 0 || live.length > 0;
}
