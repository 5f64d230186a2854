import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { Db } from "../db";
import { selectTasks } from "../agents/tasks/selectTasks";
import { stratifiedSample } from "./stratifiedSample";

// Studies as a researcher makes them: the tasks (a task selection, as batch runs take), the rules,
// and invite links (single use, or open with a cap; revocable; optional expiry).

export const StudyInput = z
  .object({
    name: z.string().trim().min(1, "a study needs a name").max(120),
    description: z.string().max(5_000).default(""),
    instructions: z.string().max(20_000).default(""),
    consent: z.string().max(20_000).default(""),
    env: z.enum(["bash", "sql", "python", "ctf"]).default("bash"),
    /** As batch runs: "fs1:0-2", "fs1", ids… */
    tasks: z.string().trim().min(1, "say which tasks").max(2_000),
    /** A seeded random sample of that many of the selected tasks, stratified by `stratify`. */
    sample: z.coerce.number().int().min(1).max(10_000).nullable().default(null),
    stratify: z.enum(["fs", "hardness", "environment", "dataset"]).nullable().default(null),
    perParticipant: z.coerce.number().int().min(1).max(1_000).nullable().default(null),
    order: z.enum(["fixed", "random", "latin"]).default("fixed"),
    seed: z.coerce
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .default(1),
    turnLimit: z.coerce.number().int().min(1).max(100).default(10),
    timeLimitSec: z.coerce
      .number()
      .int()
      .min(10)
      .max(24 * 3600)
      .nullable()
      .default(null),
    /** wall: the clock runs while the participant is away; connected: it waits for them. */
    timerRule: z.enum(["wall", "connected"]).default("wall"),
    showReward: z.coerce.boolean().default(false),
    practiceTask: z.string().trim().max(120).nullable().default(null),
  })
  .strict();
export type StudyInput = z.infer<typeof StudyInput>;

export class StudyError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export async function createStudy(prisma: Db, input: StudyInput, createdById: string | null) {
  let taskIds: number[];
  let practice: number[] = [];
  try {
    taskIds = await selectTasks(prisma, input.env, input.tasks);
    if (input.practiceTask) practice = await selectTasks(prisma, input.env, input.practiceTask);
  } catch (err) {
    throw new StudyError((err as Error).message);
  }
  if (taskIds.length === 0) throw new StudyError(`no ${input.env} tasks match "${input.tasks}"`);
  if (input.sample !== null) taskIds = await sampleTasks(prisma, taskIds, input.sample, input.stratify, input.seed);
  if (practice.length > 1) throw new StudyError("the practice task is one task");
  if (practice[0] !== undefined && taskIds.includes(practice[0]))
    throw new StudyError("the practice task is not one of the study's tasks");
  if (await prisma.study.findUnique({ where: { name: input.name } }))
    throw new StudyError(`a study named "${input.name}" exists already`, 409);
  return prisma.study.create({
    data: {
      name: input.name,
      description: input.description,
      instructions: input.instructions,
      consent: input.consent,
      taskIds,
      perParticipant: input.perParticipant,
      order: input.order,
      seed: input.seed,
      turnLimit: input.turnLimit,
      timeLimitSec: input.timeLimitSec,
      timerRule: input.timerRule,
      showReward: input.showReward,
      practiceTaskId: practice[0] ?? null,
      createdById,
    },
  });
}

const STRATUM = { fs: "fileSystem", hardness: "hardness", environment: "environment", dataset: "dataset" } as const;

async function sampleTasks(
  prisma: Db,
  ids: number[],
  n: number,
  by: keyof typeof STRATUM | null,
  seed: number,
): Promise<number[]> {
  const rows = await prisma.task.findMany({
    where: { id: { in: ids } },
    select: { id: true, fileSystem: true, hardness: true, environment: true, dataset: true },
  });
  return stratifiedSample(
    rows.map((t) => ({ id: t.id, key: by ? String(t[STRATUM[by]] ?? "") : null })),
    n,
    seed,
  );
}

export const InviteInput = z
  .object({
    label: z.string().trim().max(120).default(""),
    maxUses: z.coerce.number().int().min(1).max(10_000).default(1),
    expiresInHours: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 365)
      .nullable()
      .default(null),
  })
  .strict();

export const inviteHash = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** A new invite: its link (shown this once; only a hash is kept). */
export async function createInvite(prisma: Db, studyId: string, input: z.infer<typeof InviteInput>, publicUrl: string) {
  const study = await prisma.study.findUnique({ where: { id: studyId }, select: { id: true, status: true } });
  if (!study) throw new StudyError(`study ${studyId} not found`, 404);
  const secret = randomBytes(18).toString("base64url");
  const invite = await prisma.studyInvite.create({
    data: {
      studyId,
      hash: inviteHash(secret),
      label: input.label,
      maxUses: input.maxUses,
      expiresAt: input.expiresInHours ? new Date(Date.now() + input.expiresInHours * 3600_000) : null,
    },
  });
  return { id: invite.id, link: `${publicUrl}/join/${secret}`, maxUses: invite.maxUses, expiresAt: invite.expiresAt };
}

export async function revokeInvite(prisma: Db, studyId: string, inviteId: string): Promise<boolean> {
  const r = await prisma.studyInvite.updateMany({
    where: { id: inviteId, studyId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return r.count > 0;
}

export function listStudies(prisma: Db) {
  return prisma.study.findMany({ orderBy: { createdAt: "desc" }, include: { _count: { select: { participants: true } } } });
}
