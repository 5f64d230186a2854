import { z } from "zod";
import type { Db } from "../db";
import { RunName } from "./runName";

// Renaming and deleting a Run (imported logs or a finished agent run). The Runs page and
// PATCH / DELETE /api/runs/{id} call these; who may is the route's check (staff only).

export const RunRename = z.strictObject({ name: RunName });

/** A run still playing episodes is not the page's to change: the runner would write into it. */
const BUSY = ["queued", "running"];

export type RunEditResult = { ok: true; name: string; episodes: number } | { ok: false; status: 404 | 409; error: string };

export async function renameRun(prisma: Db, id: string, name: string): Promise<RunEditResult> {
  const run = await prisma.run.findUnique({ where: { id }, select: { name: true, _count: { select: { episodes: true } } } });
  if (!run) return { ok: false, status: 404, error: `run ${id} not found` };
  if (run.name === name) return { ok: true, name, episodes: run._count.episodes };
  if (await prisma.run.findUnique({ where: { name }, select: { id: true } }))
    return { ok: false, status: 409, error: `another run is named ${JSON.stringify(name)}` };
  await prisma.run.update({ where: { id }, data: { name } });
  return { ok: true, name, episodes: run._count.episodes };
}

/** Deletes the run with its episodes (their steps, scores and recordings go with them: cascades). */
export async function deleteRun(prisma: Db, id: string): Promise<RunEditResult> {
  const run = await prisma.run.findUnique({ where: { id }, select: { name: true, kind: true, status: true } });
  if (!run) return { ok: false, status: 404, error: `run ${id} not found` };
  if (run.kind === "agent" && BUSY.includes(run.status))
    return { ok: false, status: 409, error: `run ${run.name} is ${run.status}: cancel it first` };
  const [{ count }] = await prisma.$transaction([
    prisma.episode.deleteMany({ where: { runId: id } }),
    prisma.run.delete({ where: { id } }),
  ]);
  return { ok: true, name: run.name, episodes: count };
}
